// The Auto-Generate dialog's fields and rules (docs/PRODUCT.md "The admin area"): minimum below maximum, both end prices above 0,
// 2 to 10 tiers; the product's defaults per kind; the preview comes from the shared generator.
import { formatMoney } from '../../../../shared/money';
import { parseTypedMoney } from '../../../../shared/typed-numbers';
import { generateTiers, TierGeneratorError, TIER_COUNT_MAX, TIER_COUNT_MIN } from '../../../../shared/pricing/generate-tiers';
import type { PricingTier } from '../../../../shared/pricing/types';
import { toWholeNumber, type TierKind } from '../../../../shared/schemas/catalog-admin';

export interface GeneratorDraft {
  min: string;
  max: string;
  priceAtMin: string;
  priceAtMax: string;
  count: string;
}
export type GeneratorErrors = Partial<Record<keyof GeneratorDraft | 'range', string>>;

export const GENERATOR_DEFAULTS: Record<TierKind, GeneratorDraft> = {
  unit: { min: '100', max: '1000', priceAtMin: '3', priceAtMax: '1', count: '5' },
  user: { min: '10', max: '100', priceAtMin: '15', priceAtMax: '6', count: '5' },
};

export const GEN_MIN_INVALID = 'Minimum must be a whole number of 0 or more';
export const GEN_MAX_INVALID = 'Maximum must be above the minimum';
export const GEN_PRICE_INVALID = 'Price must be greater than 0';
export const GEN_COUNT_INVALID = `Number of tiers must be from ${TIER_COUNT_MIN} to ${TIER_COUNT_MAX}`;

export interface GeneratorCheck {
  errors: GeneratorErrors;
  /** The tiers the dialog would save (cents), or null while anything is invalid. */
  tiers: PricingTier[] | null;
}

const whole = (s: string) => (s.trim() === '' ? null : toWholeNumber(s));

export function checkGenerator(d: GeneratorDraft): GeneratorCheck {
  const errors: GeneratorErrors = {};
  const min = whole(d.min);
  const max = whole(d.max);
  const pMin = parseTypedMoney(d.priceAtMin);
  const pMax = parseTypedMoney(d.priceAtMax);
  const count = whole(d.count);
  if (min === null) errors.min = GEN_MIN_INVALID;
  if (max === null || (min !== null && max <= min)) errors.max = GEN_MAX_INVALID;
  if (pMin === null || pMin <= 0) errors.priceAtMin = GEN_PRICE_INVALID;
  if (pMax === null || pMax <= 0) errors.priceAtMax = GEN_PRICE_INVALID;
  if (count === null || count < TIER_COUNT_MIN || count > TIER_COUNT_MAX) errors.count = GEN_COUNT_INVALID;
  if (Object.keys(errors).length > 0) return { errors, tiers: null };
  try {
    return { errors, tiers: generateTiers({ min: min!, max: max!, priceAtMin: pMin!, priceAtMax: pMax!, count: count! }) };
  } catch (e) {
    // e.g. a range too small for the number of tiers
    if (e instanceof TierGeneratorError) return { errors: { range: e.message }, tiers: null };
    throw e;
  }
}

/** The generated tiers as admin.tiers.replace takes them. */
export function toReplaceTiers(tiers: readonly PricingTier[]) {
  return tiers.map((t) => ({ min: t.min, max: t.max, price: formatMoney(t.price) }));
}
