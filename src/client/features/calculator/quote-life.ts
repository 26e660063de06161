// The quote's life in the calculator (docs/PRODUCT.md "Saved quotes"), pure and tested without a DOM: which figures the summary shows
// (a loaded quote's stored ones until an input changes), the drift line, read-only, and the customer/validity form.
import { addDays, amsterdamDate } from '../../../shared/quote-dates';
import { configurationMessages, configurationUpdateInput, VALID_UNTIL_MAX_DAYS } from '../../../shared/schemas/configuration';
import type { RouterOutputs } from '../../lib/trpc';

export type LoadedQuote = RouterOutputs['configurations']['get'];

/**
 * 'stored': the summary shows the quote as saved (its snapshot), even when today's catalogue would price it
 * differently; 'live': an input changed since it was loaded or saved (or nothing is loaded), priced on today's catalogue.
 */
export type Figures = 'stored' | 'live';

/** The inputs as last loaded or saved for a quote, to tell whether the user has changed any since. */
export interface Baseline {
  id: number;
  key: string;
}

export function figuresShown(quote: LoadedQuote | undefined, configId: number | null, baseline: Baseline | null, currentKey: string): Figures {
  if (!quote || configId === null || quote.id !== configId) return 'live';
  return baseline?.id === configId && baseline.key === currentKey ? 'stored' : 'live';
}

/** The drift to announce: only while the stored figures are on screen. */
export function driftOf(quote: LoadedQuote | undefined, figures: Figures): { from: string; to: string } | null {
  if (!quote?.catalogDrift || figures !== 'stored') return null;
  return { from: quote.totalMonthly, to: quote.catalogDrift.totalMonthly };
}

/** An accepted quote opens read-only: Duplicate instead of Save. */
export function isReadOnly(quote: LoadedQuote | undefined, configId: number | null): boolean {
  return !!quote && quote.id === configId && quote.status === 'accepted';
}

export interface QuoteFieldsValue {
  customerCompany: string;
  customerName: string;
  customerEmail: string;
  /** YYYY-MM-DD; empty on a new save: the server's standard validity from today. */
  validUntil: string;
}

export const emptyQuoteFields: QuoteFieldsValue = { customerCompany: '', customerName: '', customerEmail: '', validUntil: '' };

export function quoteFieldsOf(q: {
  customerCompany: string | null;
  customerName: string | null;
  customerEmail: string | null;
  validUntil: string;
}): QuoteFieldsValue {
  return {
    customerCompany: q.customerCompany ?? '',
    customerName: q.customerName ?? '',
    customerEmail: q.customerEmail ?? '',
    validUntil: q.validUntil,
  };
}

/** Today in Europe/Amsterdam: the first day a quote may be valid until. */
export const todayInAmsterdam = (now = new Date()): string => amsterdamDate(now);

/** The first problem with the fields, as the server would word it; null when they can be sent. */
export function quoteFieldsError(v: QuoteFieldsValue, today: string): string | null {
  if (!configurationUpdateInput.shape.customerEmail.safeParse(v.customerEmail).success) return configurationMessages.customerEmail;
  if (v.validUntil !== '' && v.validUntil < today) return configurationMessages.validUntilPast;
  if (v.validUntil !== '' && v.validUntil > lastValidDay(today)) return configurationMessages.validUntilTooFar;
  return null;
}

/** The latest day a quote's prices may be promised until. */
export const lastValidDay = (today: string): string => addDays(today, VALID_UNTIL_MAX_DAYS);

/** What a new save sends: only what was filled in (an empty validity lets the server apply its default). */
export function quoteFieldsForCreate(v: QuoteFieldsValue): Partial<QuoteFieldsValue> {
  const out: Partial<QuoteFieldsValue> = {};
  for (const k of ['customerCompany', 'customerName', 'customerEmail', 'validUntil'] as const) {
    const value = v[k].trim();
    if (value !== '') out[k] = value;
  }
  return out;
}

/** What an edit sends: every field (empty clears it), the validity only when one is set. */
export function quoteFieldsForUpdate(v: QuoteFieldsValue) {
  return {
    customerCompany: v.customerCompany.trim(),
    customerName: v.customerName.trim(),
    customerEmail: v.customerEmail.trim(),
    ...(v.validUntil === '' ? {} : { validUntil: v.validUntil }),
  };
}

/**
 * A sent quote whose prices or options change becomes a draft again when saved, and the customer's link keeps the
 * version they received: said while it is open, before any change is saved. Null for every other status.
 */
export function sentQuoteNotice(quote: Pick<LoadedQuote, 'status' | 'number'>, figures: Figures): string | null {
  if (quote.status !== 'sent') return null;
  return figures === 'live'
    ? `Saving these changes makes ${quote.number} a draft again. The customer keeps the version they received until you share it again.`
    : `${quote.number} was sent to the customer. Changing its prices or options and saving makes it a draft again; share it again to send the new revision.`;
}
