// The engine's answer (shared/pricing/to-json.ts): the normalised form and the priced figures, money as euro
// numbers exact to the cent (docs/PRODUCT.md "Saved quotes" names them). quote.calculate answers it; a saved quote
// keeps it as its snapshot.
import { z } from 'zod';
import { BREAKDOWN_KINDS, PAYMENT_FREQUENCIES, PRICING_MODELS } from '../value-sets';
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

/** A custom item as answered and stored: price in euro. */
export const customItemOutput = z.object({ id: z.string(), name: z.string(), description: z.string(), isOneTime: z.boolean(), price: z.number() });

/** A selected add-on as priced, stored and answered (the save's own schema is in ./configuration.ts). */
export const addOnSelectionOutput = z.object({ id: int(), waiveSetupFee: z.boolean() });
export type AddOnSelection = z.infer<typeof addOnSelectionOutput>;

export const quoteResultOutput = z.object({
  packageId: int(),
  pricingModel: z.enum(PRICING_MODELS),
  squareMeters: z.number(),
  userCount: z.number(),
  locations: z.number(),
  addOns: z.array(addOnSelectionOutput),
  customItems: z.array(customItemOutput),
  selectedDiscountIds: z.array(int()),
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
});
export type QuoteResultJson = z.infer<typeof quoteResultOutput>;
