import { divRound, type Cents } from '../money';
import type { PricingTier } from './types';

export class TierGeneratorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TierGeneratorError';
  }
}

export interface GenerateTiersOptions {
  /** Lowest quantity (whole number ≥ 0). */
  min: number;
  /** Quantity where the last (unbounded) tier starts (whole number > min). */
  max: number;
  /** Price per unit/user at `min`, in cents (> 0). */
  priceAtMin: Cents;
  /** Price per unit/user at `max`, in cents (> 0). */
  priceAtMax: Cents;
  /** Number of tiers, a whole number from 2 to 10. */
  count: number;
}

export const TIER_COUNT_MIN = 2;
export const TIER_COUNT_MAX = 10;

/**
 * The tier auto-generator (docs/PRODUCT.md "Pricing", docs/PRODUCT.md "The admin area"). Tier i (0-based) of n starts at
 * round(min + i × (max − min) / (n − 1)) and ends at the next start − 1; the last is unbounded.
 * Its price is round2(priceAtMin + i × (priceAtMax − priceAtMin) / (n − 1)), here exact in
 * cents, rounded half away from zero.
 */
export function generateTiers(opts: GenerateTiersOptions): PricingTier[] {
  const { min, max, priceAtMin, priceAtMax, count } = opts;
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) {
    throw new TierGeneratorError('Minimum and maximum must be whole numbers');
  }
  if (min < 0) throw new TierGeneratorError('Minimum must be 0 or more');
  if (min >= max) throw new TierGeneratorError('Minimum must be below the maximum');
  if (!Number.isFinite(priceAtMin) || !Number.isFinite(priceAtMax) || priceAtMin <= 0 || priceAtMax <= 0) {
    throw new TierGeneratorError('Prices must be greater than 0');
  }
  if (!Number.isInteger(priceAtMin) || !Number.isInteger(priceAtMax)) {
    throw new TierGeneratorError('Prices must be whole cents');
  }
  if (!Number.isInteger(count) || count < TIER_COUNT_MIN || count > TIER_COUNT_MAX) {
    throw new TierGeneratorError(`The number of tiers must be a whole number from ${TIER_COUNT_MIN} to ${TIER_COUNT_MAX}`);
  }
  const steps = count - 1;
  if (max - min < steps) {
    throw new TierGeneratorError(`The range ${min}–${max} is too small for ${count} tiers`);
  }
  // round(a + i × (b − a) / steps) computed exactly as divRound(a × steps + i × (b − a), steps)
  const starts: number[] = [];
  for (let i = 0; i < count; i++) starts.push(divRound(min * steps + i * (max - min), steps));
  const tiers: PricingTier[] = [];
  for (let i = 0; i < count; i++) {
    tiers.push({
      min: starts[i]!,
      max: i < steps ? starts[i + 1]! - 1 : null,
      price: divRound(priceAtMin * steps + i * (priceAtMax - priceAtMin), steps),
    });
  }
  return tiers;
}
