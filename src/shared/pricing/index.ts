export * from './types';
export { MAX_QUANTITY, normalizeForm, isAddOnAvailable, normalizePaymentFrequency, normalizeContractDuration } from './normalize';
export { FALLBACK_SQM_PRICE, FALLBACK_USER_PRICE, nextTierBreak, TIER_BREAK_NEAR, tierPrice } from './tiers';
export { conditionHolds, conditionsHold, isDiscountEligible } from './conditions';
export { applicableDiscounts, cappedPercent, freeMonthsOf, percentOf, type ApplicableDiscounts } from './discounts';
export {
  calculateNormalizedQuote,
  calculateQuote,
  eligibleDiscountIds,
  freeMonthsSavings,
  monthlyDiscounts,
} from './calculate';
export {
  generateTiers,
  TierGeneratorError,
  TIER_COUNT_MAX,
  TIER_COUNT_MIN,
  type GenerateTiersOptions,
} from './generate-tiers';
export {
  quoteResultToJson,
  unit4ToEuro,
  type BreakdownLineJson,
  type QuoteDiscountJson,
  type QuoteResultJson,
} from './to-json';
export { quoteResultFromJson } from './from-json';
