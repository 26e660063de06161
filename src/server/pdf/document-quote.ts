// What a quote document holds of a priced quote: the figures and the lines, each line with its own second line (a
// discount's terms, a custom item's description), no discount that took nothing off, and no id of a package, add-on,
// discount, custom item or line. Every PDF is printed from this, so the customer's doors (GET /api/shared/{token}/pdf
// and tRPC shared.pdfData) answer no more than their page shows (docs/API.md "Share links").
import type { BreakdownLineJson, QuoteResultJson } from '../../shared/pricing/to-json';
import { lineDetail } from '../../shared/quote-lines';

export interface DocumentLine extends Omit<BreakdownLineJson, 'refId'> {
  /** a muted second line: a discount's terms, a custom item's description */
  detail?: string;
}

export type DocumentQuote = Omit<QuoteResultJson, 'packageId' | 'addOns' | 'customItems' | 'selectedDiscountIds' | 'discounts' | 'breakdowns'> & {
  breakdowns: DocumentLine[];
};

function lineOf(q: QuoteResultJson, line: BreakdownLineJson): DocumentLine {
  const { refId: _r, ...shown } = line;
  const detail = lineDetail(q, line);
  return detail === undefined ? shown : { ...shown, detail };
}

/** The one projection of a priced quote that every document prints. */
export function documentQuote(q: QuoteResultJson): DocumentQuote {
  const { packageId: _p, addOns: _a, customItems: _c, selectedDiscountIds: _s, discounts: _d, breakdowns, ...figures } = q;
  return {
    ...figures,
    breakdowns: breakdowns.filter((l) => l.kind !== 'discount' || l.amount !== 0).map((l) => lineOf(q, l)),
  };
}
