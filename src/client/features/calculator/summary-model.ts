// What the summary, the details dialog and the discount panel say, derived from the engine's result. Pure.
import type { DiscountDto } from '../../lib/catalog-types';
import { parseMoney } from '../../../shared/money';
import { SELLER_DISCOUNT_ID, type BreakdownLine, type QuoteResult } from '../../../shared/pricing';
import { quantityTimesPrice } from '../../../shared/quote-lines';
import { formatCount, formatEuro } from '../../lib/format';
import { PAYMENT_FREQUENCY_LABELS, PRICING_MODEL_LABELS } from '../../../shared/labels';
import type { PaymentFrequency, PricingModel } from '../../../shared/value-sets';

/** The summary header's label: Monthly, Quarterly or Annual (docs/PRODUCT.md "The calculator"). */
export function frequencyLabel(f: PaymentFrequency): string {
  return PAYMENT_FREQUENCY_LABELS[f];
}

export function pricingModelLabel(m: PricingModel): string {
  return PRICING_MODEL_LABELS[m];
}

/** Months ÷ 12, as "1 year", "2 years", "3 years" (or "1.5 years"). */
export function durationInYears(months: number): string {
  const y = Math.round((months / 12) * 100) / 100;
  return `${y} ${y === 1 ? 'year' : 'years'}`;
}

export const euroCents = (cents: number): string => formatEuro(cents, { cents: true });

/** "36 months × €1,234.00 + €499.00 one-time fees" (paid months at the monthly total plus one-time fees). */
export function contractValueSentence(r: QuoteResult): string {
  const months = `${r.paidMonths} ${r.paidMonths === 1 ? 'month' : 'months'}`;
  return `${months} × ${euroCents(r.total)} + ${euroCents(r.oneTimeCosts)} one-time fees`;
}

export function freeMonthsSentence(freeMonths: number): string | null {
  if (freeMonths <= 0) return null;
  return `+ ${freeMonths} free ${freeMonths === 1 ? 'month' : 'months'}`;
}

function plainNumber(v: string): string {
  const c = parseMoney(v);
  if (c === null) return v;
  return c % 100 === 0 ? String(c / 100) : (c / 100).toFixed(2);
}

/** A discount's value in words, for the discount panel. */
export function discountValueSummary(d: Pick<DiscountDto, 'type' | 'value'>): string {
  const n = plainNumber(d.value);
  switch (d.type) {
    case 'percentage':
      return `${n}% off the monthly total`;
    case 'fixed':
      return `${formatEuro(d.value)} off per month`;
    case 'sqm_percentage':
      return `${n}% off the price per unit`;
    case 'user_percentage':
      return `${n}% off the price per user`;
    case 'free_months': {
      const m = Math.round(Number(n));
      return `${m} free ${m === 1 ? 'month' : 'months'}`;
    }
    case 'setup_fee_discount':
      return `${n}% off one-time fees`;
    default:
      return n;
  }
}

export interface SummaryLine {
  key: string;
  label: string;
  detail?: string;
  /** cents */
  amount: number;
  waived?: boolean;
  /** cents, for a waived fee */
  originalAmount?: number;
}

/** The breakdown of "Total Base Price": base, the variable part (quantity × unit price) and extra locations. */
export function basePriceLines(r: QuoteResult, formatUnit: (euro: number) => string): SummaryLine[] {
  const lines: SummaryLine[] = [{ key: 'base', label: 'Base price', amount: r.basePrice }];
  const sqm = r.form.pricingModel === 'sqm';
  const qty = sqm ? r.form.squareMeters : r.form.userCount;
  const unit4 = sqm ? r.originalPricePerSqm4 : r.originalPricePerUser4;
  lines.push({
    key: 'variable',
    label: sqm ? 'Units' : 'Users',
    detail: `${formatCount(qty)} × ${formatUnit(unit4 / 10000)}`,
    amount: sqm ? r.sqmPrice : r.userPrice,
  });
  const extra = r.form.locations - 1;
  lines.push({
    key: 'locations',
    label: 'Extra locations',
    detail: extra > 0 ? `${formatCount(extra)} × ${euroCents(r.additionalLocationCost / extra)}` : undefined,
    amount: r.additionalLocationCost,
  });
  return lines;
}

/** "12 × €2.50" for an add-on or custom item line of more than one (shared/quote-lines.ts); undefined for one. */
function timesDetail(l: BreakdownLine): string | undefined {
  return quantityTimesPrice({ kind: l.kind, quantity: l.quantity, unitPrice: l.unitPrice / 100 });
}

/** One-time fees: package setup, add-on setup fees (waived ones at 0 with the original), one-time custom items. */
export function oneTimeLines(r: QuoteResult): SummaryLine[] {
  const out: SummaryLine[] = [];
  for (const l of r.breakdowns) {
    if (l.period !== 'one_time' || l.kind === 'discount') continue;
    if (l.kind === 'addon_setup' && !l.waived && l.amount === 0) continue; // add-ons without a setup fee
    out.push({
      key: `${l.kind}-${String(l.refId)}`,
      label: l.label,
      detail: timesDetail(l),
      amount: l.amount,
      waived: l.waived === true,
      originalAmount: l.originalAmount,
    });
  }
  return out;
}

/**
 * Each custom item as priced, in the order they were added: "(one-time, 3 × €450.00) — its description" and the
 * line's amount (price × quantity, from the engine).
 */
export function customItemDetailLines(r: QuoteResult): SummaryLine[] {
  const priced = new Map(r.breakdowns.filter((l) => l.kind === 'custom_recurring' || l.kind === 'custom_one_time').map((l) => [l.refId, l]));
  return r.form.customItems.flatMap((c) => {
    const l = priced.get(c.id);
    if (!l) return [];
    const terms = [c.isOneTime ? 'one-time' : 'monthly', timesDetail(l)].filter((t) => t).join(', ');
    return [{ key: `custom-${c.id}`, label: `${l.label} (${terms})${c.description ? ` — ${c.description}` : ''}`, amount: l.amount }];
  });
}

export function recurringCustomLines(r: QuoteResult): SummaryLine[] {
  return r.breakdowns
    .filter((l) => l.kind === 'custom_recurring')
    .map((l) => ({ key: `custom-${String(l.refId)}`, label: l.label, detail: timesDetail(l), amount: l.amount }));
}

/** Each add-on's monthly line; one priced per location or per item says its quantity ("3 × €15.00"). */
export function addOnLines(r: QuoteResult): SummaryLine[] {
  return r.breakdowns
    .filter((l) => l.kind === 'addon')
    .map((l) => ({ key: `addon-${String(l.refId)}`, label: l.label, detail: timesDetail(l), amount: l.amount }));
}

export interface DiscountGroups {
  /**
   * Under "Discounts": the catalogue's discounts off the monthly total; with `seller` (the seller's discount, a line of
   * its own always in view) they add up to `totalDiscounts`.
   */
  monthly: SummaryLine[];
  seller: SummaryLine[];
  /** Under "One-time Fees": setup fee discounts, once, adding up to `setupDiscount`. */
  oneTime: SummaryLine[];
  /** Next to the contract value: free months lengthen the contract, they take nothing off a total shown above. */
  freeMonths: { key: string; label: string; months: number; amount: number }[];
}

/** Each applied discount in the one place its money is counted. */
export function discountGroups(r: QuoteResult): DiscountGroups {
  const groups: DiscountGroups = { monthly: [], seller: [], oneTime: [], freeMonths: [] };
  for (const d of r.discounts) {
    if (d.id === SELLER_DISCOUNT_ID) groups.seller.push({ key: 'discount-seller', label: d.name, amount: d.amount });
    else if (d.type === 'setup_fee_discount') groups.oneTime.push({ key: `discount-${d.id}`, label: d.name, amount: d.amount });
    else if (d.type === 'free_months')
      groups.freeMonths.push({ key: `discount-${d.id}`, label: d.name, months: Math.round(d.value / 100), amount: d.amount });
    else groups.monthly.push({ key: `discount-${d.id}`, label: d.name, amount: d.amount });
  }
  return groups;
}

/**
 * The collapsed discounts panel's count of what applies, in the summary's terms: the number off the monthly total is
 * the summary's Discounts count; setup fee discounts and free months are named apart. Null when none applies.
 */
export function appliedDiscountsText(r: QuoteResult | null): string | null {
  if (!r) return null;
  const g = discountGroups(r);
  const monthly = g.monthly.length + g.seller.length;
  const n = monthly + g.oneTime.length + g.freeMonths.length;
  if (n === 0) return null;
  if (n === monthly) return `${n} applied`;
  const parts = [
    monthly > 0 ? `${monthly} off the monthly total` : null,
    g.oneTime.length > 0 ? `${g.oneTime.length} off one-time fees` : null,
    g.freeMonths.length > 0 ? `${g.freeMonths.length} with free months` : null,
  ].filter((p) => p !== null);
  return `${n} applied: ${parts.join(', ')}`;
}
