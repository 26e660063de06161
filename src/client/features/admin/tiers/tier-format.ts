// How a tier reads in the Price Tiers tables (docs/PRODUCT.md "The admin area"): "100 – 999 units", the open tier "5,000 units+", and
// the monthly price at a tier's ends (price × quantity, exact in cents).
import type { PriceTierDto, UserPriceTierDto } from '../../../lib/catalog-types';
import { parseMoney } from '../../../../shared/money';
import type { TierKind } from '../../../../shared/schemas/catalog-admin';
import { FALLBACK_SQM_PRICE, FALLBACK_USER_PRICE } from '../../../../shared/pricing/tiers';
import { formatCount, formatEuro } from '../../../lib/format';

/** A tier of either kind in one shape. */
export interface TierView {
  id: number;
  min: number;
  max: number | null;
  /** "3.00" */
  price: string;
}

export function unitTierViews(tiers: readonly PriceTierDto[]): TierView[] {
  return tiers.map((t) => ({ id: t.id, min: t.minSqm, max: t.maxSqm, price: t.pricePerSqm })).sort((a, b) => a.min - b.min);
}
export function userTierViews(tiers: readonly UserPriceTierDto[]): TierView[] {
  return tiers.map((t) => ({ id: t.id, min: t.minUsers, max: t.maxUsers, price: t.pricePerUser })).sort((a, b) => a.min - b.min);
}

export const TIER_WORDS: Record<TierKind, { noun: string; Noun: string; one: string; One: string; kindLabel: string }> = {
  unit: { noun: 'units', Noun: 'Units', one: 'unit', One: 'Unit', kindLabel: 'unit-based' },
  user: { noun: 'users', Noun: 'Users', one: 'user', One: 'User', kindLabel: 'user-based' },
};

export function tierRangeLabel(min: number, max: number | null, kind: TierKind): string {
  const noun = TIER_WORDS[kind].noun;
  return max === null ? `${formatCount(min)} ${noun}+` : `${formatCount(min)} – ${formatCount(max)} ${noun}`;
}

/** price × quantity in euro; "No limit" for the open end. */
export function monthlyAt(price: string, quantity: number | null): string {
  if (quantity === null) return 'No limit';
  const cents = parseMoney(price);
  return cents === null ? '—' : formatEuro(cents * quantity, { cents: true });
}

/** What the calculator charges for a package without tiers of this kind: the engine's default price, said in words. */
export function defaultPriceNote(kind: TierKind): string {
  const price = formatEuro(kind === 'unit' ? FALLBACK_SQM_PRICE : FALLBACK_USER_PRICE, { cents: true });
  return `Until tiers are added, the calculator uses the default ${price} per ${TIER_WORDS[kind].one} for this package.`;
}
