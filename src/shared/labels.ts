// How each value of value-sets.ts reads to a person: one word for it on every screen and in the PDF
// (docs/PRODUCT.md "The calculator" "Words").
import type { AddOnUnit, DiscountType, PaymentFrequency, PricingModel, QuoteStatusFilter, SellerDiscountType } from './value-sets';

export const PAYMENT_FREQUENCY_LABELS: Record<PaymentFrequency, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annually: 'Annual',
};

/** "billed annually": how often, in a sentence. */
export const PAYMENT_FREQUENCY_ADVERBS: Record<PaymentFrequency, string> = {
  monthly: 'monthly',
  quarterly: 'quarterly',
  annually: 'annually',
};

export const PRICING_MODEL_LABELS: Record<PricingModel, string> = { sqm: 'Unit-Based', user: 'User-Based' };

export const QUOTE_STATUS_LABELS: Record<QuoteStatusFilter, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = {
  percentage: 'Standard Percentage',
  fixed: 'Fixed Amount',
  sqm_percentage: 'Unit Percentage',
  user_percentage: 'User Percentage',
  free_months: 'Free Months',
  setup_fee_discount: 'Setup Fee Discount',
};

export const ADD_ON_UNIT_LABELS: Record<AddOnUnit, string> = { quote: 'Per quote', location: 'Per location', item: 'Per item' };

export const SELLER_DISCOUNT_TYPE_LABELS: Record<SellerDiscountType, string> = { percentage: 'Percentage', fixed: 'Fixed amount' };

/** A stored value's word, or the value itself where it is none of the set (an old or foreign row). */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value]! : value;
}

/** A choice's options in the value set's order, each with its one word. */
export function optionsOf<T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>): { value: T; label: string }[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
