export * from './types';
export { normalizeForm } from './normalize';
export { FALLBACK_SQM_PRICE, FALLBACK_USER_PRICE, nextTierBreak, smallestTierMinimum } from './tiers';
export { isDiscountEligible } from './conditions';
export { calculateQuote, eligibleDiscountIds, freeMonthsSavings, monthlyDiscounts, SELLER_DISCOUNT_NAME } from './calculate';
export { generateTiers } from './generate-tiers';
export { quoteResultToJson } from './to-json';
export { quoteResultFromJson } from './from-json';
