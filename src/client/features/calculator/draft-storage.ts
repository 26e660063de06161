// The calculator's unsaved work, kept in the browser per user (localStorage), so a reload or Back does not lose it.
// Only what the user chose is stored; whatever is read back is checked like a saved configuration (the reducer's
// restoreDraft), so a stale or tampered draft cannot put the calculator in a state it could not reach.
import { canonicalJson } from '../../../shared/canonical-json';
import { pricingKey } from '../../../shared/pricing-key';
import { toPricingInput, type CalculatorState } from './calculator-state';

const PREFIX = 'quote-configurator:calculator-draft:';
const VERSION = 1;

export interface StoredDraft {
  v: typeof VERSION;
  state: CalculatorState;
}

export function draftKey(userId: number | string): string {
  return `${PREFIX}${userId}`;
}

/** The fields that make a quote (the save schema's pricing inputs, compared as the server compares them) and which saved quote it is. */
export function quoteFingerprint(s: CalculatorState): string {
  return canonicalJson([pricingKey(toPricingInput(s)), s.configId]);
}

/** A draft read back: null when there is none, or it is not a draft of this version. */
export function parseDraft(text: string | null): CalculatorState | null {
  if (!text) return null;
  try {
    const d = JSON.parse(text) as Partial<StoredDraft> | null;
    if (!d || d.v !== VERSION || typeof d.state !== 'object' || d.state === null) return null;
    const s = d.state as Partial<CalculatorState>;
    const isArray = Array.isArray;
    if (typeof s.packageId !== 'number' || !isArray(s.addOns) || !isArray(s.customItems) || !isArray(s.selectedDiscountIds)) return null;
    return {
      packageId: s.packageId,
      pricingModel: s.pricingModel === 'user' ? 'user' : 'sqm',
      squareMeters: Number(s.squareMeters) || 0,
      userCount: Number(s.userCount) || 0,
      locations: Number(s.locations) || 1,
      addOns: s.addOns.filter((a) => typeof a?.id === 'number'),
      customItems: s.customItems.filter((c) => typeof c?.name === 'string' && typeof c?.price === 'number'),
      selectedDiscountIds: s.selectedDiscountIds.filter((id) => typeof id === 'number'),
      sellerDiscount: typeof s.sellerDiscount === 'object' ? s.sellerDiscount : null,
      contractDuration: s.contractDuration ?? 12,
      paymentFrequency: s.paymentFrequency ?? 'annually',
      configId: typeof s.configId === 'number' ? s.configId : null,
    };
  } catch {
    return null;
  }
}

export function serializeDraft(state: CalculatorState): string {
  return JSON.stringify({ v: VERSION, state } satisfies StoredDraft);
}

/** localStorage, or nothing where it is unavailable (private mode, tests without a DOM): drafts are a convenience. */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readDraft(userId: number | string): CalculatorState | null {
  return parseDraft(store()?.getItem(draftKey(userId)) ?? null);
}

export function writeDraft(userId: number | string, state: CalculatorState): void {
  try {
    store()?.setItem(draftKey(userId), serializeDraft(state));
  } catch {
    /* storage full or refused: the draft is a convenience, the quote itself is unaffected */
  }
}

export function clearDraft(userId: number | string): void {
  store()?.removeItem(draftKey(userId));
}
