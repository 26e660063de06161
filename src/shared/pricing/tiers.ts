import type { Cents } from '../money';
import type { PricingTier } from './types';

/** Fallback unit prices in cents: 2.50 per unit (sqm), 10.00 per user. */
export const FALLBACK_SQM_PRICE: Cents = 250;
export const FALLBACK_USER_PRICE: Cents = 1000;

function validPrice(p: unknown): p is number {
  return typeof p === 'number' && Number.isSafeInteger(p) && p > 0;
}

/**
 * docs/PRODUCT.md "Pricing" step 2: tiers sorted ascending by minimum (stable); the matching tier has
 * min ≤ q ≤ max (max null = unbounded); if none matches, the last tier's price. No tiers, or a
 * price that is not a finite whole number of cents > 0, gives `fallback`.
 *
 * Done in one pass without sorting or allocating: the first match in sorted order is the
 * matching tier with the smallest min (earliest on ties); the last tier in sorted order is the
 * one with the largest min (latest on ties).
 */
export function tierPrice(tiers: readonly PricingTier[] | null | undefined, q: number, fallback: Cents): Cents {
  if (!tiers || tiers.length === 0) return fallback;
  let match: PricingTier | undefined;
  let last: PricingTier | undefined;
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i]!;
    const min = t.min;
    if (last === undefined || !(min < last.min)) last = t;
    if (q >= min && (t.max === null || t.max === undefined || q <= t.max)) {
      if (match === undefined || min < match.min) match = t;
    }
  }
  const chosen = match ?? last!;
  return validPrice(chosen.price) ? chosen.price : fallback;
}

/** How close below the next tier's minimum a quantity counts as near it: within 10 % of that minimum. */
export const TIER_BREAK_NEAR = 0.1;

/**
 * The next, cheaper tier when `q` is near its minimum (at least 90 % of it and below it): 999 units at €3.00 cost
 * more per month than 1,000 at €2.50, and the user should see where the volume price starts. Null otherwise (no
 * tiers, already in the last tier, far from the next, or the next is not cheaper).
 */
export function nextTierBreak(tiers: readonly PricingTier[] | null | undefined, q: number, fallback: Cents): { min: number; price: Cents } | null {
  if (!tiers || tiers.length === 0) return null;
  let next: PricingTier | undefined;
  for (const t of tiers) if (t.min > q && validPrice(t.price) && (next === undefined || t.min < next.min)) next = t;
  if (!next || q < next.min * (1 - TIER_BREAK_NEAR)) return null;
  return next.price < tierPrice(tiers, q, fallback) ? { min: next.min, price: next.price } : null;
}

/**
 * The smallest minimum among `tiers`, or null when there are none: a saved quote's units or users may not be below it
 * (docs/PRODUCT.md "Saved quotes"), while the live quote still prices any quantity by the tier lookup.
 */
export function smallestTierMinimum(tiers: readonly PricingTier[] | null | undefined): number | null {
  if (!tiers || tiers.length === 0) return null;
  let min = tiers[0]!.min;
  for (let i = 1; i < tiers.length; i++) if (tiers[i]!.min < min) min = tiers[i]!.min;
  return min;
}
