// What a quote document holds of a priced quote: the figures and the lines, each line with its own second line (a
// discount's terms, a custom item's description), no discount that took nothing off, and no id of a package, add-on,
// discount, custom item or line. Every PDF is printed from this, so the customer's doors (GET /api/shared/{token}/pdf
// and tRPC shared.pdfData) answer no more than their page shows (docs/API.md "Share links").
import type { z } from 'zod';
import type { documentLineOutput, documentQuoteOutput } from '../../shared/schemas/quote-pdf';
import type { BreakdownLineJson, QuoteResultJson } from '../../shared/schemas/quote-result';
import { lineDetail } from '../../shared/quote-lines';

export type DocumentLine = z.infer<typeof documentLineOutput>;
export type DocumentQuote = z.infer<typeof documentQuoteOutput>;

function lineOf(q: QuoteResultJson, line: BreakdownLineJson): DocumentLine {
  const { refId: _r, ...shown } = line;
  const detail = lineDetail(q, line);
  return detail === undefined ? shown : { ...shown, detail };
}

/** The one projection of a priced quote that every document prints. */
export function documentQuote(q: QuoteResultJson): DocumentQuote {
  const {
    packageId: _p,
    addOns: _a,
    customItems: _c,
    selectedDiscountIds: _s,
    sellerDiscount: _sd,
    discounts: _d,
    breakdowns,
    addOnLines: _al,
    customItemLines: _cl,
    ...figures
  } = q;
  return {
    ...figures,
    breakdowns: breakdowns.filter((l) => l.kind !== 'discount' || l.amount !== 0).map((l) => lineOf(q, l)),
  };
}
