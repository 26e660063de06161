import type { Cents } from '../money';
import type { AddOnUnit, BreakdownKind, ContractDuration, PaymentFrequency, PricingModel, SellerDiscountType } from '../value-sets';
import type { AddOnSelection } from '../schemas/quote-result';

export type { Cents };

/** One price tier; `price` is per unit (sqm tiers) or per user (user tiers), in cents. */
export interface PricingTier {
  min: number;
  max: number | null;
  price: Cents;
}

export interface PricingPackage {
  id: number;
  name: string;
  basePrice: Cents;
  setupFee: Cents;
  extraLocationPrice: Cents;
  priceTiers: PricingTier[];
  userPriceTiers: PricingTier[];
}

export interface PricingAddOn {
  id: number;
  name: string;
  categoryId: number | null;
  /** What its fees are multiplied by (docs/PRODUCT.md "Pricing" step 3); an unknown unit counts as 'quote'. */
  unit: AddOnUnit;
  monthlyFee: Cents;
  setupFee: Cents;
  availableForPackages: number[];
}

/** value: number | string | number[] | string[] as stored. */
export interface PricingCondition {
  type: string;
  operator: string;
  value: unknown;
}

export interface PricingDiscount {
  id: number;
  name: string;
  type: string;
  /** Hundredths: 10% -> 1000, €25.50 -> 2550, 2 months -> 200. */
  value: number;
  conditions: PricingCondition[];
}

export interface PricingCatalog {
  packages: PricingPackage[];
  addOns: PricingAddOn[];
  discounts: PricingDiscount[];
}

/** Loose: whatever a client sent; the engine normalises it (docs/PRODUCT.md "Pricing" step 1). */
export interface QuoteFormInput {
  packageId?: unknown;
  pricingModel?: unknown;
  squareMeters?: unknown;
  userCount?: unknown;
  locations?: unknown;
  /** Array of ids (number|string) or { id, waiveSetupFee?, quantity?, category? }. */
  addOns?: unknown;
  /** Array of { id?, name, description?, isOneTime?, price, quantity? }. */
  customItems?: unknown;
  /** { type: 'percentage' | 'fixed', value, reason }. */
  sellerDiscount?: unknown;
  selectedDiscountIds?: unknown;
  contractDuration?: unknown;
  paymentFrequency?: unknown;
}

export type { ContractDuration, PaymentFrequency, PricingModel } from '../value-sets';

export type NormalizedAddOn = AddOnSelection;

export interface NormalizedCustomItem {
  id: string;
  name: string;
  description: string;
  isOneTime: boolean;
  /** The price of one. */
  price: Cents;
  quantity: number;
}

/** The seller's discount on one quote; value in hundredths (percent) or cents (fixed, per month). */
export interface NormalizedSellerDiscount {
  type: SellerDiscountType;
  value: number;
  reason: string;
}

export interface NormalizedForm {
  packageId: number;
  pricingModel: PricingModel;
  squareMeters: number;
  userCount: number;
  locations: number;
  addOns: NormalizedAddOn[];
  customItems: NormalizedCustomItem[];
  selectedDiscountIds: number[];
  sellerDiscount: NormalizedSellerDiscount | null;
  contractDuration: ContractDuration;
  paymentFrequency: PaymentFrequency;
}

export interface BreakdownLine {
  kind: BreakdownKind;
  /** 'monthly' lines sum to `total`; 'one_time' lines sum to `oneTimeCosts`. */
  period: 'monthly' | 'one_time';
  label: string;
  quantity: number;
  /** Cents. For variable lines the exact per-unit price is in unitPrice4. */
  unitPrice: Cents;
  /** Ten-thousandths of a euro, for per-unit prices (variable lines). */
  unitPrice4?: number;
  amount: Cents;
  refId?: number | string;
  waived?: boolean;
  originalAmount?: Cents;
}

export interface AppliedDiscount {
  id: number;
  name: string;
  type: string;
  /** The money it saves, in cents (free_months: freeMonths × total). */
  amount: Cents;
  /** The stored value, in hundredths. */
  value: number;
}

/** All money in integer cents; unit prices (`*4`) in integer ten-thousandths of a euro. */
export interface QuoteResult {
  form: NormalizedForm;
  packageName: string;

  basePrice: Cents;
  sqmPrice: Cents;
  userPrice: Cents;
  additionalLocationCost: Cents;
  totalMonthlyBasePrice: Cents;
  addOnsFees: Cents;
  customRecurring: Cents;
  subtotal: Cents;
  totalDiscounts: Cents;
  tax: Cents;
  total: Cents;
  yearlyTotal: Cents;
  packageSetupFee: Cents;
  addOnsSetupFees: Cents;
  setupFees: Cents;
  customOneTime: Cents;
  setupDiscount: Cents;
  oneTimeCosts: Cents;
  tcv: Cents;

  pricePerSqm4: number;
  originalPricePerSqm4: number;
  pricePerUser4: number;
  originalPricePerUser4: number;

  contractDuration: number;
  paidMonths: number;
  freeMonths: number;
  contractMonths: number;

  /** Monthly ones (unit percentages, percentage, fixed, the seller's), then setup_fee_discount, then free_months. */
  discounts: AppliedDiscount[];
  breakdowns: BreakdownLine[];
}

/** Thrown by normalizeForm / calculateQuote; message 'Selected package not found'. */
export class PricingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PricingError';
  }
}

export const PACKAGE_NOT_FOUND = 'Selected package not found';

/** The seller's discount among a result's discounts: id 0, which no catalogue discount has (ids start at 1). */
export const SELLER_DISCOUNT_ID = 0;
export const SELLER_DISCOUNT_APPLIED_TYPES = { percentage: 'seller_percentage', fixed: 'seller_fixed' } as const;
/** Highest quantity of a selected add-on or a custom item (docs/PRODUCT.md "Pricing" step 1). */
export const MAX_LINE_QUANTITY = 10_000;
