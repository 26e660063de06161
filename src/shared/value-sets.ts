// The closed value sets of a quote, each declared once: the database columns (db/schema.ts), the zod schemas, the
// engine's types and the screens read them from here; their words are in labels.ts.

export const PAYMENT_FREQUENCIES = ['monthly', 'quarterly', 'annually'] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

export const PRICING_MODELS = ['sqm', 'user'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const CONTRACT_DURATIONS = [12, 24, 36] as const;
export type ContractDuration = (typeof CONTRACT_DURATIONS)[number];

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** The lists' status filter: an expired quote is a draft or sent one past its valid-until day. */
export const QUOTE_STATUS_FILTERS = [...QUOTE_STATUSES, 'expired'] as const;
export type QuoteStatusFilter = (typeof QUOTE_STATUS_FILTERS)[number];

/** What an add-on's fees are multiplied by: once per quote, the quote's locations, or a quantity the seller enters. */
export const ADD_ON_UNITS = ['quote', 'location', 'item'] as const;
export type AddOnUnit = (typeof ADD_ON_UNITS)[number];

/** The seller's own discount on one quote: a percentage of what the catalogue's discounts leave, or a fixed amount. */
export const SELLER_DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type SellerDiscountType = (typeof SELLER_DISCOUNT_TYPES)[number];

/** The kinds of a priced quote's lines (shared/pricing/calculate.ts). */
export const BREAKDOWN_KINDS = [
  'base',
  'variable',
  'locations',
  'addon',
  'addon_setup',
  'package_setup',
  'custom_recurring',
  'custom_one_time',
  'discount',
] as const;
export type BreakdownKind = (typeof BREAKDOWN_KINDS)[number];

/** Discount types the engine knows; any other type is never applied. */
export const DISCOUNT_TYPES = ['percentage', 'fixed', 'sqm_percentage', 'user_percentage', 'free_months', 'setup_fee_discount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Whether `v` is one of `set`'s values (a stored or sent value read without trusting it). */
export function isOneOf<T extends string | number>(set: readonly T[], v: unknown): v is T {
  return (set as readonly unknown[]).includes(v);
}
