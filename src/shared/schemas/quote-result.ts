// The engine's answer (shared/pricing/to-json.ts): the normalised form and the priced figures, money as euro
// numbers exact to the cent (docs/PRODUCT.md "Saved quotes" names them). quote.calculate answers it; a saved quote
// keeps it as its snapshot.
import { z } from 'zod';
import { BREAKDOWN_KINDS, PAYMENT_FREQUENCIES, PRICING_MODELS, SELLER_DISCOUNT_TYPES } from '../value-sets';
import { int } from './answer-fields';

export const breakdownLineOutput = z.object({
  kind: z.enum(BREAKDOWN_KINDS),
  period: z.enum(['monthly', 'one_time']),
  label: z.string(),
  quantity: z.number(),
  /** euro; per-unit prices with 4 decimals on variable lines */
  unitPrice: z.number(),
  amount: z.number(),
  refId: z.union([int(), z.string()]).optional(),
  waived: z.boolean().optional(),
  originalAmount: z.number().optional(),
});
export type BreakdownLineJson = z.infer<typeof breakdownLineOutput>;

/** A custom item as answered and stored: the price of one in euro, and how many. */
export const customItemOutput = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isOneTime: z.boolean(),
  price: z.number(),
  quantity: int(),
});

/**
 * A selected add-on as priced, stored and answered (the save's own schema is in ./configuration.ts); `quantity` is 1
 * unless the add-on is priced per item.
 */
export const addOnSelectionOutput = z.object({ id: int(), waiveSetupFee: z.boolean(), quantity: int() });
export type AddOnSelection = z.infer<typeof addOnSelectionOutput>;

/** The seller's discount as given: value in percent or in euro per month. */
export const sellerDiscountOutput = z.object({ type: z.enum(SELLER_DISCOUNT_TYPES), value: z.number(), reason: z.string() });
export type SellerDiscountJson = z.infer<typeof sellerDiscountOutput>;

/** An add-on as one line: its fees for one and for its quantity (the locations, the items, or 1); euro. */
export const addOnLineOutput = z.object({
  id: int(),
  name: z.string(),
  quantity: int(),
  unitMonthlyFee: z.number(),
  monthlyFee: z.number(),
  unitSetupFee: z.number(),
  /** what is charged: 0 when waived */
  setupFee: z.number(),
  waiveSetupFee: z.boolean(),
});
export type AddOnLineJson = z.infer<typeof addOnLineOutput>;

/** A custom item as one line: price of one × quantity = amount; euro. */
export const customItemLineOutput = z.object({
  id: z.string(),
  name: z.string(),
  isOneTime: z.boolean(),
  quantity: int(),
  unitPrice: z.number(),
  amount: z.number(),
});
export type CustomItemLineJson = z.infer<typeof customItemLineOutput>;

export const quoteResultOutput = z.object({
  packageId: int(),
  pricingModel: z.enum(PRICING_MODELS),
  squareMeters: z.number(),
  userCount: z.number(),
  locations: z.number(),
  addOns: z.array(addOnSelectionOutput),
  customItems: z.array(customItemOutput),
  selectedDiscountIds: z.array(int()),
  sellerDiscount: sellerDiscountOutput.nullable(),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
  contractDuration: z.number(),
  packageName: z.string(),
  basePrice: z.number(),
  sqmPrice: z.number(),
  pricePerSqm: z.number(),
  originalPricePerSqm: z.number(),
  userPrice: z.number(),
  pricePerUser: z.number(),
  originalPricePerUser: z.number(),
  additionalLocationCost: z.number(),
  totalMonthlyBasePrice: z.number(),
  addOnsFees: z.number(),
  customRecurring: z.number(),
  subtotal: z.number(),
  /** amount in euro; value in its own unit: percent, euro or months (e.g. 10, 25.5, 2) */
  discounts: z.array(z.object({ id: int(), name: z.string(), type: z.string(), amount: z.number(), value: z.number() })),
  totalDiscounts: z.number(),
  tax: z.number(),
  total: z.number(),
  yearlyTotal: z.number(),
  /** package + add-on setup fees (docs/PRODUCT.md "Pricing" step 6) */
  setupFees: z.number(),
  packageSetupFee: z.number(),
  addOnsSetupFees: z.number(),
  customOneTime: z.number(),
  setupDiscount: z.number(),
  oneTimeCosts: z.number(),
  tcv: z.number(),
  paidMonths: z.number(),
  freeMonths: z.number(),
  contractMonths: z.number(),
  breakdowns: z.array(breakdownLineOutput),
  addOnLines: z.array(addOnLineOutput),
  customItemLines: z.array(customItemLineOutput),
});
export type QuoteResultJson = z.infer<typeof quoteResultOutput>;
