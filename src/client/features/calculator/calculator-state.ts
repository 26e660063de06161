// The calculator's state and every transition of docs/PRODUCT.md "The calculator" (defaults, package choice, add-on selection with its
// special ids, quantities, locations, custom items, discounts, loading and saving). Pure: no React, no DOM, so each
// rule is tested on its own (calculator-state.test.ts). The page only dispatches actions and renders the state.
import type { CatalogDto, PackageDto } from '../../lib/catalog-types';
import type { RouterOutputs } from '../../lib/trpc';
import { parseMoney } from '../../../shared/money';
import { addOnSelectionOf } from '../../../shared/pricing-key';
import { MAX_LOCATIONS, MAX_QUANTITY_SAVED, sellerDiscountInput, type PricingFields } from '../../../shared/schemas/configuration';
import type { AddOnSelection, SellerDiscountJson } from '../../../shared/schemas/quote-result';
import { parseTypedWhole, readMoney } from '../../../shared/typed-numbers';
import { formatCount, formatUnitPrice } from '../../../shared/format';
import {
  eligibleDiscountIds,
  FALLBACK_SQM_PRICE,
  FALLBACK_USER_PRICE,
  MAX_LINE_QUANTITY,
  nextTierBreak,
  type PricingCatalog,
  type QuoteFormInput,
} from '../../../shared/pricing';
import { findAddOn, findPackage, isAddOnAvailable } from '../../../shared/pricing/normalize';
import {
  CONTRACT_DURATIONS,
  isOneOf,
  PAYMENT_FREQUENCIES,
  type ContractDuration,
  type PaymentFrequency,
  type PricingModel,
} from '../../../shared/value-sets';

/** docs/PRODUCT.md "Pricing": used when a package has no user tiers. */
export const FALLBACK_USER_COUNT = 10;

/** docs/PRODUCT.md "The calculator" special add-on selection ids. */
export const REPLACE_ALL_ID = -999;
export const CLEAR_CATEGORY_ID = -1;
export const REPLACE_ALL = 'REPLACE_ALL' as const;

/**
 * docs/PRODUCT.md "Saved quotes" "Selected add-on": id, category, waiveSetupFee, and quantity (1 unless the add-on is
 * priced per item).
 */
export interface SelectedAddOn extends AddOnSelection {
  category: number | null;
}

export interface CustomItem {
  id: string;
  name: string;
  description: string;
  isOneTime: boolean;
  /** euro, as the API takes it: the price of one */
  price: number;
  /** how many: the line is price × quantity */
  quantity: number;
}

/** The seller's own discount on the quote (docs/PRODUCT.md "Pricing" step 5): percent or euro per month. */
export type SellerDiscount = SellerDiscountJson;

export interface CalculatorState {
  packageId: number;
  pricingModel: PricingModel;
  squareMeters: number;
  userCount: number;
  locations: number;
  addOns: SelectedAddOn[];
  customItems: CustomItem[];
  selectedDiscountIds: number[];
  sellerDiscount: SellerDiscount | null;
  contractDuration: ContractDuration;
  paymentFrequency: PaymentFrequency;
  /** The saved configuration this quote was loaded from or last saved as (a later save updates it). */
  configId: number | null;
}

/** What the reducer needs to know about the catalogue. */
export interface CalculatorContext {
  catalog: CatalogDto;
  pricing: PricingCatalog;
}

/** A configuration as `configurations.get` answers it: what loading reads of it. */
export type LoadedConfiguration = Pick<
  RouterOutputs['configurations']['get'],
  | 'id'
  | 'packageId'
  | 'locations'
  | 'squareMeters'
  | 'userCount'
  | 'pricingModel'
  | 'addOnSelections'
  | 'discountIds'
  | 'contractDuration'
  | 'paymentFrequency'
  | 'customItems'
  | 'sellerDiscount'
>;

export type AddOnPick =
  /** A real add-on (id > 0): toggle in a multiple-selection category, replace / remove in a single one. */
  | { id: number; category: number | null }
  /** -999 / REPLACE_ALL: the whole selection becomes `selection`. */
  | { id: typeof REPLACE_ALL_ID; category: typeof REPLACE_ALL; selection: SelectedAddOn[] };

export type CalculatorAction =
  | { type: 'selectPackage'; packageId: number }
  | { type: 'setPricingModel'; pricingModel: PricingModel }
  /** A keystroke in the units / users field: the field's text. */
  | { type: 'inputQuantity'; field: 'squareMeters' | 'userCount'; text: string }
  /** The units / users field lost focus. */
  | { type: 'blurQuantity'; field: 'squareMeters' | 'userCount' }
  | { type: 'setLocations'; locations: number }
  | { type: 'incrementLocations' }
  | { type: 'decrementLocations' }
  | { type: 'selectAddOn'; pick: AddOnPick }
  | { type: 'toggleWaive'; addOnId: number }
  /** The quantity of a selected add-on priced per item: a whole number from 1 to MAX_LINE_QUANTITY, else ignored. */
  | { type: 'setAddOnQuantity'; addOnId: number; quantity: number }
  | { type: 'setContractDuration'; contractDuration: number }
  | { type: 'setPaymentFrequency'; paymentFrequency: string }
  | {
      type: 'addCustomItem';
      item: { id: string; name: string; description?: string; isOneTime: boolean; price: string | number; quantity?: number };
    }
  | { type: 'setCustomItemQuantity'; id: string; quantity: number }
  | { type: 'removeCustomItem'; id: string }
  /** One seller's discount per quote: a valid one replaces the one there is, anything the save would refuse is ignored. */
  | { type: 'setSellerDiscount'; discount: { type: string; value: string | number; reason: string } }
  | { type: 'removeSellerDiscount' }
  | { type: 'toggleDiscount'; discountId: number }
  | { type: 'loadConfiguration'; configuration: LoadedConfiguration }
  /** An unsaved draft kept in the browser (draft-storage.ts), checked against today's catalogue. */
  | { type: 'restoreDraft'; draft: CalculatorState }
  /** Back to the defaults, a new quote. */
  | { type: 'startOver' }
  | { type: 'saved'; configId: number };

// ---------------------------------------------------------------------------------------------------------------
// Catalogue helpers

const DISPLAY_ORDER = ['entry', 'advanced', 'ultimate'];

/** docs/PRODUCT.md "The calculator": Entry, Advanced, Ultimate; any other package after those, by base price (then name). */
export function orderPackages(packages: readonly PackageDto[]): PackageDto[] {
  const rank = (p: PackageDto) => {
    const i = DISPLAY_ORDER.indexOf(p.name.trim().toLowerCase());
    return i === -1 ? DISPLAY_ORDER.length : i;
  };
  const price = (p: PackageDto) => parseMoney(p.basePrice) ?? Number.MAX_SAFE_INTEGER;
  return [...packages].sort((a, b) => rank(a) - rank(b) || price(a) - price(b) || a.name.localeCompare(b.name) || a.id - b.id);
}

function minOf(values: number[]): number | null {
  return values.length === 0 ? null : Math.min(...values);
}

/** The smallest unit-tier minimum of a package, or null without tiers. */
export function firstUnitTierMin(pkg: PackageDto | undefined): number | null {
  return pkg ? minOf(pkg.priceTiers.map((t) => t.minSqm)) : null;
}

/** The smallest user-tier minimum of a package, or null without tiers. */
export function firstUserTierMin(pkg: PackageDto | undefined): number | null {
  return pkg ? minOf(pkg.userPriceTiers.map((t) => t.minUsers)) : null;
}

/** Whether the catalogue offers add-on `addOnId` with package `packageId` (the engine's own rule). */
function offered(ctx: CalculatorContext, addOnId: number, packageId: number): boolean {
  const a = findAddOn(ctx.catalog, addOnId);
  return a !== undefined && isAddOnAvailable(a, packageId);
}

/** Whether add-on `addOnId` is priced per item, so a quantity is the seller's to enter (docs/PRODUCT.md "Pricing" step 3). */
export function isPerItem(ctx: CalculatorContext, addOnId: number): boolean {
  return findAddOn(ctx.catalog, addOnId)?.unit === 'item';
}

/** A selected add-on's quantity: its own for an add-on priced per item (1 when not a valid one), 1 elsewhere (the save refuses another). */
function selectionQuantity(ctx: CalculatorContext, addOnId: number, quantity: unknown): number {
  return isPerItem(ctx, addOnId) && typeof quantity === 'number' && isLineQuantity(quantity) ? quantity : 1;
}

/** Whether a category allows several add-ons at once; add-ons without a category behave as a multiple one. */
export function allowsMultiple(ctx: CalculatorContext, categoryId: number | null): boolean {
  if (categoryId === null) return true;
  return ctx.catalog.categories.find((c) => c.id === categoryId)?.allowsMultipleSelection ?? true;
}

// ---------------------------------------------------------------------------------------------------------------
// Defaults

/**
 * docs/PRODUCT.md "The calculator" defaults: the first package, 1 location, 36 months, annually, sqm; units and users at the package's
 * smallest tier minimum (units: 1 without tiers; users: 10 without tiers).
 */
export function initialCalculatorState(ctx: CalculatorContext): CalculatorState {
  const pkg = orderPackages(ctx.catalog.packages)[0];
  return {
    packageId: pkg?.id ?? 0,
    pricingModel: 'sqm',
    squareMeters: firstUnitTierMin(pkg) ?? 1,
    userCount: firstUserTierMin(pkg) ?? FALLBACK_USER_COUNT,
    locations: 1,
    addOns: [],
    customItems: [],
    selectedDiscountIds: [],
    sellerDiscount: null,
    contractDuration: 36,
    paymentFrequency: 'annually',
    configId: null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Input rules

/**
 * docs/PRODUCT.md "The calculator" units / users field: empty → 0; anything but a whole number is refused (null: the
 * quote keeps its last valid value), read as every number field reads it (docs/PRODUCT.md "Numbers as typed").
 */
export function parseQuantityText(text: string): number | null {
  return text.trim() === '' ? 0 : parseTypedWhole(text);
}

/**
 * A line's quantity as typed (a selected add-on priced per item, a custom item): a whole number from 1 to
 * MAX_LINE_QUANTITY, read as every number field reads it; anything else is refused (null).
 */
export function parseLineQuantityText(text: string): number | null {
  const n = parseTypedWhole(text);
  return n !== null && isLineQuantity(n) ? n : null;
}

export function isLineQuantity(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_LINE_QUANTITY;
}

/** The seller's discount as the save schema takes it, or null for one the save would refuse (its message says why). */
export function sellerDiscountOf(d: { type: string; value: string | number; reason: string }): SellerDiscount | null {
  const parsed = sellerDiscountInput.safeParse(d);
  return parsed.success ? parsed.data : null;
}

/** On blur: below the first tier minimum → that minimum; without tiers → at least 1. */
export function raiseToTierMinimum(value: number, tierMin: number | null): number {
  const floor = tierMin ?? 1;
  return value < floor ? floor : value;
}

/** Custom item rule (docs/PRODUCT.md "The calculator"): name present and price a number > 0 (a price that rounds to €0.00 is none). */
export function customItemPrice(name: string, price: string | number): number | null {
  if (name.trim() === '') return null;
  if (typeof price === 'string' && price.trim() === '') return null;
  const cents = readMoney(price);
  if (cents === null || cents <= 0) return null;
  return cents / 100;
}

function toDuration(v: number): ContractDuration {
  return isOneOf(CONTRACT_DURATIONS, v) ? v : 12;
}

function toFrequency(v: string): PaymentFrequency {
  if (v === 'annual') return 'annually';
  return isOneOf(PAYMENT_FREQUENCIES, v) ? v : 'annually';
}

// ---------------------------------------------------------------------------------------------------------------
// The quote form the engine and the API take

export function toQuoteForm(s: CalculatorState): QuoteFormInput & {
  packageId: number;
  addOns: AddOnSelection[];
  customItems: CustomItem[];
  selectedDiscountIds: number[];
} {
  return {
    packageId: s.packageId,
    pricingModel: s.pricingModel,
    squareMeters: s.squareMeters,
    userCount: s.userCount,
    locations: s.locations,
    addOns: s.addOns.map(addOnSelectionOf),
    customItems: s.customItems,
    selectedDiscountIds: s.selectedDiscountIds,
    sellerDiscount: s.sellerDiscount,
    contractDuration: s.contractDuration,
    paymentFrequency: s.paymentFrequency,
  };
}

/** The calculator's pricing inputs as the save schema names them: what a save sends and what makes two states one quote. */
export function toPricingInput(s: CalculatorState): PricingFields {
  return {
    packageId: s.packageId,
    locations: s.locations,
    squareMeters: s.squareMeters,
    userCount: s.userCount,
    pricingModel: s.pricingModel,
    addOns: s.addOns.map(addOnSelectionOf),
    discountIds: s.selectedDiscountIds,
    contractDuration: s.contractDuration,
    paymentFrequency: s.paymentFrequency,
    customItems: s.customItems.map((c) => ({ ...c })),
    sellerDiscount: s.sellerDiscount && { ...s.sellerDiscount },
  };
}

/** The body of `configurations.create` (plus `name`; `id` for an update). */
export function toSavePayload(s: CalculatorState, name: string) {
  return { name, ...toPricingInput(s) };
}

// ---------------------------------------------------------------------------------------------------------------
// Transitions

function selectAddOn(s: CalculatorState, pick: AddOnPick, ctx: CalculatorContext): CalculatorState {
  if (pick.category === REPLACE_ALL) {
    // -999: the whole selection is replaced (still only what the package offers, each id once)
    const seen = new Set<number>();
    const next = pick.selection.filter((a) => {
      if (seen.has(a.id) || !offered(ctx, a.id, s.packageId)) return false;
      seen.add(a.id);
      return true;
    });
    return { ...s, addOns: next.map((a) => ({ ...a, quantity: selectionQuantity(ctx, a.id, a.quantity) })) };
  }
  if (pick.id === CLEAR_CATEGORY_ID) {
    return { ...s, addOns: s.addOns.filter((a) => a.category !== pick.category) };
  }
  if (pick.id < CLEAR_CATEGORY_ID) {
    const id = Math.abs(pick.id);
    return { ...s, addOns: s.addOns.filter((a) => a.id !== id) };
  }
  if (pick.id <= 0) return s;
  const chosen = s.addOns.some((a) => a.id === pick.id);
  if (chosen) return { ...s, addOns: s.addOns.filter((a) => a.id !== pick.id) }; // a second click deselects
  if (!offered(ctx, pick.id, s.packageId)) return s;
  const category = ctx.catalog.addOns.find((a) => a.id === pick.id)?.categoryId ?? pick.category;
  const kept = allowsMultiple(ctx, category) ? s.addOns : s.addOns.filter((a) => a.category !== category);
  return { ...s, addOns: [...kept, { id: pick.id, category, waiveSetupFee: false, quantity: 1 }] };
}

function selectPackage(s: CalculatorState, packageId: number, ctx: CalculatorContext): CalculatorState {
  const pkg = findPackage(ctx.catalog, packageId);
  if (!pkg) return s; // "Selected package not found" is the engine's; the UI offers only known packages
  const unitMin = firstUnitTierMin(pkg);
  const userMin = firstUserTierMin(pkg);
  return {
    ...s,
    packageId,
    squareMeters: unitMin !== null && s.squareMeters < unitMin ? unitMin : s.squareMeters,
    userCount: userMin !== null && s.userCount < userMin ? userMin : s.userCount,
    addOns: s.addOns.filter((a) => offered(ctx, a.id, packageId)),
  };
}

function loadConfiguration(s: CalculatorState, c: LoadedConfiguration, ctx: CalculatorContext): CalculatorState {
  const packageId = findPackage(ctx.catalog, c.packageId) ? c.packageId : s.packageId;
  const knownDiscounts = new Set(ctx.catalog.discounts.map((d) => d.id));
  const seen = new Set<number>();
  const addOns: SelectedAddOn[] = [];
  for (const sel of c.addOnSelections) {
    if (seen.has(sel.id) || !offered(ctx, sel.id, packageId)) continue;
    seen.add(sel.id);
    const category = ctx.catalog.addOns.find((a) => a.id === sel.id)?.categoryId ?? null;
    addOns.push({ id: sel.id, category, waiveSetupFee: sel.waiveSetupFee === true, quantity: selectionQuantity(ctx, sel.id, sel.quantity) });
  }
  return {
    packageId,
    pricingModel: c.pricingModel === 'user' ? 'user' : 'sqm',
    squareMeters: Math.max(0, Math.trunc(c.squareMeters) || 0),
    userCount: Math.max(0, Math.trunc(c.userCount) || 0),
    locations: Math.max(1, Math.trunc(c.locations) || 1),
    addOns,
    customItems: c.customItems.map((i) => ({
      id: String(i.id),
      name: i.name,
      description: i.description ?? '',
      isOneTime: i.isOneTime === true,
      price: i.price,
      quantity: isLineQuantity(i.quantity) ? i.quantity : 1,
    })),
    selectedDiscountIds: [...new Set(c.discountIds.filter((id) => knownDiscounts.has(id)))],
    sellerDiscount: c.sellerDiscount ? sellerDiscountOf(c.sellerDiscount) : null,
    contractDuration: toDuration(c.contractDuration),
    paymentFrequency: toFrequency(c.paymentFrequency),
    configId: c.id,
  };
}

function transition(s: CalculatorState, action: CalculatorAction, ctx: CalculatorContext): CalculatorState {
  switch (action.type) {
    case 'selectPackage':
      return s.packageId === action.packageId ? s : selectPackage(s, action.packageId, ctx);
    case 'setPricingModel':
      return s.pricingModel === action.pricingModel ? s : { ...s, pricingModel: action.pricingModel === 'user' ? 'user' : 'sqm' };
    case 'inputQuantity': {
      const v = parseQuantityText(action.text);
      if (v === null || v > MAX_QUANTITY_SAVED || v === s[action.field]) return s; // over the save limit: ignored
      return { ...s, [action.field]: v };
    }
    case 'blurQuantity': {
      const pkg = findPackage(ctx.catalog, s.packageId);
      const min = action.field === 'squareMeters' ? firstUnitTierMin(pkg) : firstUserTierMin(pkg);
      const v = raiseToTierMinimum(s[action.field], min);
      return v === s[action.field] ? s : { ...s, [action.field]: v };
    }
    case 'setLocations': {
      const n = Math.trunc(action.locations);
      return { ...s, locations: Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_LOCATIONS) : 1 };
    }
    case 'incrementLocations':
      return s.locations >= MAX_LOCATIONS ? s : { ...s, locations: s.locations + 1 };
    case 'decrementLocations':
      return s.locations <= 1 ? s : { ...s, locations: s.locations - 1 };
    case 'selectAddOn':
      return selectAddOn(s, action.pick, ctx);
    case 'toggleWaive':
      return { ...s, addOns: s.addOns.map((a) => (a.id === action.addOnId ? { ...a, waiveSetupFee: !a.waiveSetupFee } : a)) };
    case 'setAddOnQuantity': {
      const { addOnId, quantity } = action;
      const selected = s.addOns.find((a) => a.id === addOnId);
      if (!isPerItem(ctx, addOnId) || !selected || !isLineQuantity(quantity) || selected.quantity === quantity) return s;
      return { ...s, addOns: s.addOns.map((a) => (a.id === addOnId ? { ...a, quantity } : a)) };
    }
    case 'setContractDuration':
      return { ...s, contractDuration: toDuration(action.contractDuration) };
    case 'setPaymentFrequency':
      return { ...s, paymentFrequency: toFrequency(action.paymentFrequency) };
    case 'addCustomItem': {
      const price = customItemPrice(action.item.name, action.item.price);
      const quantity = action.item.quantity ?? 1;
      if (price === null || !isLineQuantity(quantity)) return s; // adding with an invalid price or quantity does nothing
      const item: CustomItem = {
        id: action.item.id,
        name: action.item.name.trim(),
        description: (action.item.description ?? '').trim(),
        isOneTime: action.item.isOneTime,
        price,
        quantity,
      };
      return { ...s, customItems: [...s.customItems, item] };
    }
    case 'setCustomItemQuantity': {
      const { id, quantity } = action;
      if (!isLineQuantity(quantity) || !s.customItems.some((c) => c.id === id && c.quantity !== quantity)) return s;
      return { ...s, customItems: s.customItems.map((c) => (c.id === id ? { ...c, quantity } : c)) };
    }
    case 'setSellerDiscount': {
      const discount = sellerDiscountOf(action.discount);
      return discount === null ? s : { ...s, sellerDiscount: discount };
    }
    case 'removeSellerDiscount':
      return s.sellerDiscount === null ? s : { ...s, sellerDiscount: null };
    case 'removeCustomItem':
      return { ...s, customItems: s.customItems.filter((c) => c.id !== action.id) };
    case 'toggleDiscount': {
      const on = s.selectedDiscountIds.includes(action.discountId);
      if (!on && !ctx.catalog.discounts.some((d) => d.id === action.discountId)) return s;
      return {
        ...s,
        selectedDiscountIds: on ? s.selectedDiscountIds.filter((id) => id !== action.discountId) : [...s.selectedDiscountIds, action.discountId],
      };
    }
    case 'loadConfiguration':
      return loadConfiguration(s, action.configuration, ctx);
    case 'restoreDraft': {
      const d = action.draft;
      const restored = loadConfiguration(s, { ...d, id: 0, addOnSelections: d.addOns, discountIds: d.selectedDiscountIds }, ctx);
      return { ...restored, configId: d.configId };
    }
    case 'startOver':
      return initialCalculatorState(ctx);
    case 'saved':
      return { ...s, configId: action.configId };
  }
}

/** docs/PRODUCT.md "The calculator": a selected discount that is no longer eligible is removed (recomputed after every change). */
export function dropIneligibleDiscounts(s: CalculatorState, ctx: CalculatorContext): CalculatorState {
  if (s.selectedDiscountIds.length === 0) return s;
  const eligible = eligibleDiscountIds(toQuoteForm(s), ctx.pricing);
  const kept = s.selectedDiscountIds.filter((id) => eligible.includes(id));
  return kept.length === s.selectedDiscountIds.length ? s : { ...s, selectedDiscountIds: kept };
}

export function calculatorReducer(s: CalculatorState, action: CalculatorAction, ctx: CalculatorContext): CalculatorState {
  const next = transition(s, action, ctx);
  return next === s ? s : dropIneligibleDiscounts(next, ctx);
}

/**
 * What the units / users field says under it: below the package's smallest tier, where the package starts ("Entry
 * starts at 100 units": no price applies there, and leaving the field raises the value to it); otherwise the price per
 * unit or user at this size (`unitPrice`, euro, from the quote on screen) and, when the quantity is within 10 % below a
 * cheaper tier, where that price starts ("from 1,000 units: €2.50"), so nobody quotes 999 units for more than 1,000
 * would cost.
 */
export function quantityHint(s: CalculatorState, ctx: CalculatorContext, unitPrice: number | null): string | undefined {
  const sqm = s.pricingModel === 'sqm';
  const pkgDto = findPackage(ctx.catalog, s.packageId);
  const smallest = sqm ? firstUnitTierMin(pkgDto) : firstUserTierMin(pkgDto);
  if (pkgDto && smallest !== null && (sqm ? s.squareMeters : s.userCount) < smallest) {
    return `${pkgDto.name} starts at ${formatCount(smallest)} ${sqm ? 'units' : 'users'}`;
  }
  if (unitPrice === null) return undefined;
  const now = `${formatUnitPrice(unitPrice)} per ${sqm ? 'unit' : 'user'} per month at this size`;
  const pkg = ctx.pricing.packages.find((p) => p.id === s.packageId);
  const next = pkg
    ? sqm
      ? nextTierBreak(pkg.priceTiers, s.squareMeters, FALLBACK_SQM_PRICE)
      : nextTierBreak(pkg.userPriceTiers, s.userCount, FALLBACK_USER_PRICE)
    : null;
  if (!next) return now;
  return `${now}; from ${formatCount(next.min)} ${sqm ? 'units' : 'users'}: ${formatUnitPrice(next.price / 100)}`;
}
