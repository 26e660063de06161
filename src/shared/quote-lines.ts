// What a quote's lines say to its reader, the same on the customer's page and in the PDF (docs/PRODUCT.md "The
// customer's page"): which priced lines are shown, what each is called, its muted second line, and the sentence on the
// contract. Pure presentation over a priced QuoteResultJson: no figure is computed here.
import { formatCount, formatEuroAmount } from './format';
import type { BreakdownLineJson, QuoteResultJson } from './schemas/quote-result';

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A line that says nothing is left out: no extra locations, a discount that took nothing off, an add-on without a setup fee. */
export function isShownLine(l: Pick<BreakdownLineJson, 'kind' | 'quantity' | 'amount' | 'waived'>): boolean {
  if (l.kind === 'locations') return l.quantity > 0;
  if (l.kind === 'discount') return l.amount !== 0;
  if (l.kind === 'addon_setup') return l.waived === true || l.amount !== 0;
  return true;
}

/** A discount is an amount taken off: it has no quantity or unit price of its own. */
export function showsQuantity(kind: string): boolean {
  return kind !== 'discount';
}

/** The lines priced per location or per item: an add-on's fees and a custom item. */
const ITEM_KINDS: ReadonlySet<string> = new Set(['addon', 'addon_setup', 'custom_recurring', 'custom_one_time']);

/**
 * "12 × €15.00": how an add-on or custom item line of more than one came to its amount (docs/PRODUCT.md "Pricing"
 * step 3); undefined for one of it and for every other line. A waived setup fee says what was waived.
 */
export function quantityTimesPrice(l: { kind: string } & Pick<BreakdownLineJson, 'quantity' | 'unitPrice'>): string | undefined {
  if (!ITEM_KINDS.has(l.kind) || l.quantity <= 1) return undefined;
  return `${formatCount(l.quantity)} × ${formatEuroAmount(l.unitPrice)}`;
}

/** What a line is called: the package's base price says so, the variable line names its unit. */
export function lineDescription(q: Pick<QuoteResultJson, 'pricingModel'>, l: Pick<BreakdownLineJson, 'kind' | 'label'>): string {
  if (l.kind === 'base') return `${l.label} package, base price`;
  if (l.kind === 'variable') return q.pricingModel === 'user' ? 'Users' : 'Units';
  if (l.kind === 'locations') return 'Additional locations';
  return l.label;
}

/** The seller's discount's terms: "10% off after the other discounts", "€20.00 off per month" (value in percent or euro). */
export function sellerDiscountTerms(type: 'percentage' | 'fixed', value: number): string {
  return type === 'percentage' ? `${value}% off after the other discounts` : `${formatEuroAmount(value)} off per month`;
}

function discountTerms(q: Pick<QuoteResultJson, 'discounts'>, id: number | string | undefined): string | undefined {
  const d = q.discounts.find((x) => x.id === id);
  if (!d) return undefined;
  switch (d.type) {
    case 'percentage':
      return `${d.value}% off the monthly subtotal`;
    case 'sqm_percentage':
      return `${d.value}% off the unit price`;
    case 'user_percentage':
      return `${d.value}% off the user price`;
    case 'fixed':
      return `${formatEuroAmount(d.value)} off per month`;
    case 'setup_fee_discount':
      return `${d.value}% off the one-time fees`;
    case 'seller_percentage':
      return sellerDiscountTerms('percentage', d.value);
    case 'seller_fixed':
      return sellerDiscountTerms('fixed', d.value);
    default:
      return undefined;
  }
}

/** A line's muted second line: a discount's terms, a custom item's description, a waived setup fee. */
export function lineDetail(q: Pick<QuoteResultJson, 'discounts' | 'customItems'>, l: BreakdownLineJson): string | undefined {
  if (l.kind === 'discount') return discountTerms(q, l.refId);
  if (l.kind === 'addon_setup' && l.waived) return 'Setup fee waived';
  if (l.kind === 'custom_recurring' || l.kind === 'custom_one_time') {
    const text = q.customItems.find((c) => c.id === l.refId)?.description.trim();
    return text ? text : undefined;
  }
  return undefined;
}

/**
 * "24 paid months × €1,234.00 + €499.00 one-time fees", and "plus 1 free month: 25 months in all" when there are free
 * months (the contract term plus them).
 */
export function contractSentence(q: Pick<QuoteResultJson, 'paidMonths' | 'freeMonths' | 'contractMonths' | 'total' | 'oneTimeCosts'>): string[] {
  const lines = [`${q.paidMonths} paid months × ${formatEuroAmount(q.total)} + ${formatEuroAmount(q.oneTimeCosts)} one-time fees`];
  if (q.freeMonths > 0) lines.push(`plus ${plural(q.freeMonths, 'free month', 'free months')}: ${q.contractMonths} months in all`);
  return lines;
}
