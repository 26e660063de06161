import { parseMoney } from '../money';
import { toFiniteNumber, toId, toQuantity } from './coerce';
import { FULL_PERCENT } from './discounts';
import {
  MAX_LINE_QUANTITY,
  PACKAGE_NOT_FOUND,
  PricingError,
  type ContractDuration,
  type NormalizedAddOn,
  type NormalizedCustomItem,
  type NormalizedForm,
  type NormalizedSellerDiscount,
  type PaymentFrequency,
  type PricingAddOn,
  type PricingCatalog,
  type PricingPackage,
  type QuoteFormInput,
} from './types';

/**
 * Upper bound for squareMeters, userCount and locations. Keeps every product of a quantity and
 * a price well inside exact double integers (2^53); far above any real quote.
 */
export const MAX_QUANTITY = 1_000_000_000;

/** A catalogue's package by id; the engine's view and the client's DTOs alike. */
export function findPackage<P extends { id: number } = PricingPackage>(catalog: { packages: readonly P[] }, id: number): P | undefined {
  const pkgs = catalog.packages;
  for (let i = 0; i < pkgs.length; i++) if (pkgs[i]!.id === id) return pkgs[i];
  return undefined;
}

export function findAddOn<A extends { id: number } = PricingAddOn>(catalog: { addOns: readonly A[] }, id: number): A | undefined {
  const list = catalog.addOns;
  for (let i = 0; i < list.length; i++) if (list[i]!.id === id) return list[i];
  return undefined;
}

export function isAddOnAvailable(addOn: Pick<PricingAddOn, 'availableForPackages'>, packageId: number): boolean {
  const av = addOn.availableForPackages;
  if (!Array.isArray(av)) return false;
  for (let i = 0; i < av.length; i++) {
    const v: unknown = av[i];
    if (v === packageId || (typeof v === 'string' && toId(v) === packageId)) return true;
  }
  return false;
}

export function normalizeContractDuration(x: unknown): ContractDuration {
  const n = toFiniteNumber(x);
  return n === 24 ? 24 : n === 36 ? 36 : 12;
}

/** monthly | quarterly | annually; 'annual' is 'annually'; anything else is 'annually'. */
export function normalizePaymentFrequency(x: unknown): PaymentFrequency {
  if (x === 'monthly') return 'monthly';
  if (x === 'quarterly') return 'quarterly';
  return 'annually';
}

function normalizeAddOns(raw: unknown, catalog: PricingCatalog, packageId: number): NormalizedAddOn[] {
  const out: NormalizedAddOn[] = [];
  if (!Array.isArray(raw)) return out;
  for (let i = 0; i < raw.length; i++) {
    const item: unknown = raw[i];
    let id: number | null;
    let waive = false;
    let quantity: unknown = 1;
    if (item !== null && typeof item === 'object') {
      const o = item as { id?: unknown; waiveSetupFee?: unknown; quantity?: unknown };
      id = toId(o.id);
      waive = o.waiveSetupFee === true;
      quantity = o.quantity;
    } else {
      id = toId(item);
    }
    if (id === null) continue;
    let dup = false;
    for (let j = 0; j < out.length; j++) {
      if (out[j]!.id === id) {
        dup = true;
        break;
      }
    }
    if (dup) continue; // a repeated id counts once (the first occurrence wins)
    const addOn = findAddOn(catalog, id);
    if (addOn === undefined || !isAddOnAvailable(addOn, packageId)) continue;
    // only an add-on priced per item has a quantity of its own; elsewhere it is ignored
    out.push({ id, waiveSetupFee: waive, quantity: addOn.unit === 'item' ? lineQuantity(quantity) : 1 });
  }
  return out;
}

/** A line's quantity: a whole number from 1 to MAX_LINE_QUANTITY (fractions cut), 1 when absent or not a number. */
function lineQuantity(x: unknown): number {
  return toQuantity(x, 1, MAX_LINE_QUANTITY, 1);
}

function normalizeCustomItems(raw: unknown): NormalizedCustomItem[] {
  const out: NormalizedCustomItem[] = [];
  if (!Array.isArray(raw)) return out;
  for (let i = 0; i < raw.length; i++) {
    const item: unknown = raw[i];
    if (item === null || typeof item !== 'object') continue;
    const o = item as { id?: unknown; name?: unknown; description?: unknown; isOneTime?: unknown; price?: unknown; quantity?: unknown };
    const price = parseMoney(o.price);
    // not a number > 0 (a price that rounds to 0.00 is not a price either)
    if (price === null || price <= 0) continue;
    const id =
      typeof o.id === 'string' && o.id !== '' ? o.id : typeof o.id === 'number' && Number.isFinite(o.id) ? String(o.id) : 'custom-' + (i + 1);
    out.push({
      id,
      name: typeof o.name === 'string' ? o.name : '',
      description: typeof o.description === 'string' ? o.description : '',
      isOneTime: o.isOneTime === true,
      price,
      quantity: lineQuantity(o.quantity),
    });
  }
  return out;
}

/**
 * The seller's discount, or null: a known type and a value above 0 (a percentage above 100 counts as 100; hundredths
 * of a percent and cents, as typed with at most two decimals). The reason is trimmed text.
 */
export function normalizeSellerDiscount(raw: unknown): NormalizedSellerDiscount | null {
  if (raw === null || typeof raw !== 'object') return null;
  const o = raw as { type?: unknown; value?: unknown; reason?: unknown };
  if (o.type !== 'percentage' && o.type !== 'fixed') return null;
  const value = parseMoney(o.value);
  if (value === null || value <= 0) return null;
  return {
    type: o.type,
    value: o.type === 'percentage' && value > FULL_PERCENT ? FULL_PERCENT : value,
    reason: typeof o.reason === 'string' ? o.reason.trim() : '',
  };
}

function normalizeDiscountIds(raw: unknown, catalog: PricingCatalog): number[] {
  const out: number[] = [];
  if (!Array.isArray(raw)) return out;
  const ds = catalog.discounts;
  for (let i = 0; i < raw.length; i++) {
    const id = toId(raw[i]);
    if (id === null || out.includes(id)) continue;
    let known = false;
    for (let j = 0; j < ds.length; j++) {
      if (ds[j]!.id === id) {
        known = true;
        break;
      }
    }
    if (known) out.push(id); // an id not among the known discounts is ignored
  }
  return out;
}

/**
 * docs/PRODUCT.md "Pricing" step 1. With `requirePackage` false an unknown package does not throw
 * (used for discount eligibility in the UI, where only the id matters).
 */
export function normalizeFormWith(
  input: QuoteFormInput,
  catalog: PricingCatalog,
  requirePackage: boolean,
): { form: NormalizedForm; pkg: PricingPackage | undefined } {
  const inp: QuoteFormInput = input !== null && typeof input === 'object' ? input : {};
  const pid = toId(inp.packageId);
  const pkg = pid === null ? undefined : findPackage(catalog, pid);
  if (pkg === undefined && requirePackage) throw new PricingError(PACKAGE_NOT_FOUND);
  const packageId = pid ?? 0;
  const form: NormalizedForm = {
    packageId,
    pricingModel: inp.pricingModel === 'user' ? 'user' : 'sqm',
    squareMeters: toQuantity(inp.squareMeters, 0, MAX_QUANTITY, 0),
    userCount: toQuantity(inp.userCount, 0, MAX_QUANTITY, 0),
    locations: toQuantity(inp.locations, 1, MAX_QUANTITY, 1),
    addOns: normalizeAddOns(inp.addOns, catalog, packageId),
    customItems: normalizeCustomItems(inp.customItems),
    selectedDiscountIds: normalizeDiscountIds(inp.selectedDiscountIds, catalog),
    sellerDiscount: normalizeSellerDiscount(inp.sellerDiscount),
    contractDuration: normalizeContractDuration(inp.contractDuration),
    paymentFrequency: normalizePaymentFrequency(inp.paymentFrequency),
  };
  return { form, pkg };
}

/** docs/PRODUCT.md "Pricing" step 1. Throws PricingError('Selected package not found'). */
export function normalizeForm(input: QuoteFormInput, catalog: PricingCatalog): NormalizedForm {
  return normalizeFormWith(input, catalog, true).form;
}
