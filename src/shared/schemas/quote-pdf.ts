// What a quote PDF shows, as the pdfData procedures answer it: the document (src/server/pdf/quote-document.ts prints
// it) and its file name. The quote holds no id of a package, add-on, discount, custom item or line, so the customer's
// doors answer no more than their page shows (docs/API.md "Share links").
import { z } from 'zod';
import { int, when } from './answer-fields';
import { breakdownLineOutput, quoteResultOutput } from './quote-result';

/** A line as printed, with its own muted second line: a discount's terms, a custom item's description. */
export const documentLineOutput = breakdownLineOutput.omit({ refId: true }).extend({ detail: z.string().optional() });

export const documentQuoteOutput = quoteResultOutput
  // the inputs and the item lines are printed from the breakdown, its lines say what each is
  .omit({
    packageId: true,
    addOns: true,
    customItems: true,
    selectedDiscountIds: true,
    sellerDiscount: true,
    discounts: true,
    breakdowns: true,
    addOnLines: true,
    customItemLines: true,
  })
  .extend({
    breakdowns: z.array(documentLineOutput),
    /** A saved quote's snapshot also holds these (./configuration-output.ts snapshotOutput); a draft has none. */
    addOnNames: z.array(z.string()).optional(),
    pricedAt: when().optional(),
  });

export const quoteDocumentOutput = z.object({
  /** "Q-000123", or "DRAFT" for an unsaved quote. */
  number: z.string(),
  name: z.string(),
  date: z.date(),
  /** The owner (a saved quote: name and email, the customer's contact) or whoever prints a draft (name and company). */
  preparedBy: z.object({ name: z.string(), company: z.string(), email: z.string().optional() }),
  /** The seller's name (the Company tab, or COMPANY_NAME) */
  seller: z.string(),
  /** Under the seller's name: address lines, email, phone, VAT number. */
  sellerLines: z.array(z.string()).optional(),
  /** The seller's terms, printed after the totals. */
  terms: z.string().nullable().optional(),
  quote: documentQuoteOutput,
  /** A saved quote's life (number, revision, status, validity, customer); absent for an unsaved one. */
  life: z
    .object({
      revision: int(),
      /** "Draft", "Sent", "Accepted", "Declined", "Expired" or "Replaced by a newer revision" */
      status: z.string(),
      /** YYYY-MM-DD */
      validUntil: z.string(),
      /** company, contact name, email: those given */
      preparedFor: z.array(z.string()),
      /** The customer's acceptance through the share link, as printed in the Accepted block; null when there is none. */
      accepted: z.object({ by: z.string(), at: z.string(), revision: int(), fingerprint: z.string().nullable() }).nullable(),
    })
    .optional(),
});

export const quotePdfDataOutput = z.object({
  /** The ASCII file name, e.g. "Q-000123-client-name.pdf". */
  fileName: z.string(),
  /** The whole Content-Disposition header value (attachment, ASCII and UTF-8 names). */
  contentDisposition: z.string(),
  document: quoteDocumentOutput,
});
