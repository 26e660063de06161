// What a quote document holds of a priced quote: the figures and the lines, each line with its own second line (a
// discount's terms, a custom item's description), no discount that took nothing off, and no id of a package, add-on,
// discount, custom item or line. Every PDF is printed from this, so the customer's doors (GET /api/shared/{token}/pdf
// and tRPC shared.pdfData) answer no more than their page shows (docs/API.md "Share links").
import type { BreakdownLineJson, QuoteResultJson } from '../../shared/pricing/to-json';
import { formatEuroAmount } from '../../shared/format';

export interface DocumentLine extends Omit<BreakdownLineJson, 'refId'> {
  /** a muted second line: a discount's terms, a custom item's description */
  detail?: string;
}

export type DocumentQuote = Omit<QuoteResultJson, 'packageId' | 'addOns' | 'customItems' | 'selectedDiscountIds' | 'discounts' | 'breakdowns'> & {
  breakdowns: DocumentLine[];
};

function discountTerms(q: QuoteResultJson, id: number | string | undefined): string | undefined {
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
    default:
      return undefined;
  }
}

function customDetail(q: QuoteResultJson, id: number | string | undefined): string | undefined {
  const item = q.customItems.find((c) => c.id === id);
  const text = item?.description.trim();
  return text ? text : undefined;
}

function lineOf(q: QuoteResultJson, { refId, ...line }: BreakdownLineJson): DocumentLine {
  const detail = line.kind === 'discount' ? discountTerms(q, refId) : line.kind.startsWith('custom') ? customDetail(q, refId) : undefined;
  return detail === undefined ? line : { ...line, detail };
}

/** The one projection of a priced quote that every document prints. */
export function documentQuote(q: QuoteResultJson): DocumentQuote {
  const { packageId: _p, addOns: _a, customItems: _c, selectedDiscountIds: _s, discounts: _d, breakdowns, ...figures } = q;
  return {
    ...figures,
    breakdowns: breakdowns.filter((l) => l.kind !== 'discount' || l.amount !== 0).map((l) => lineOf(q, l)),
  };
}
