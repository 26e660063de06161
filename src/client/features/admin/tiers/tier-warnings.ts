// Tier prices apply to the whole quantity, so a falling price can make a bigger order cheaper than a smaller one
// (999 units at €3.00 cost more than 1,000 at €2.50). Not wrong, and sometimes intended, but the admin should see it
// before saving. Pure.
import type { PricingTier } from '../../../../shared/pricing/types';
import { parseMoney } from '../../../../shared/money';
import { formatEuro } from '../../../lib/format';
import { formatCount } from '../../../lib/format';

export interface TierCliff {
  /** The last quantity of the cheaper-per-unit tier's predecessor, and the first of the next tier. */
  lastOfTier: number;
  firstOfNext: number;
  /** Monthly cost in cents at each. */
  costAtLast: number;
  costAtFirst: number;
}

export function tierCliffs(tiers: readonly PricingTier[]): TierCliff[] {
  const sorted = [...tiers].sort((a, b) => a.min - b.min);
  const out: TierCliff[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const t = sorted[i]!;
    const next = sorted[i + 1]!;
    const last = t.max ?? next.min - 1;
    if (last < t.min) continue;
    const costAtLast = last * t.price;
    const costAtFirst = next.min * next.price;
    if (costAtLast > costAtFirst) out.push({ lastOfTier: last, firstOfNext: next.min, costAtLast, costAtFirst });
  }
  return out;
}

/** "999 units cost €2,997.00 a month, more than 1,000 units (€2,500.00)." */
export function tierCliffText(c: TierCliff, words: { one: string; noun: string }): string {
  const n = (q: number) => `${formatCount(q)} ${q === 1 ? words.one : words.noun}`;
  const eur = (cents: number) => formatEuro(cents, { cents: true });
  return `${n(c.lastOfTier)} cost ${eur(c.costAtLast)} a month, more than ${n(c.firstOfNext)} (${eur(c.costAtFirst)}).`;
}

/** Stored tiers ("3.00") in the engine's shape (cents); a price that does not parse counts as 0 and warns of nothing. */
export function toPricingTiers(tiers: readonly { min: number; max: number | null; price: string }[]): PricingTier[] {
  return tiers.map((t) => ({ min: t.min, max: t.max, price: parseMoney(t.price) ?? 0 }));
}
