import { TRPCError } from '@trpc/server';
import { toPricingCatalog, type CatalogDto } from '../../shared/catalog';
import { calculateQuote, PricingError, type QuoteFormInput, type QuoteResult } from '../../shared/pricing';
import type { Db } from '../db';
import { loadCatalog } from './catalog';

/** Prices a form against the current catalogue: the server's authoritative figures. */
export function priceQuote(db: Db, form: QuoteFormInput): QuoteResult {
  return priceWithCatalog(loadCatalog(db), form);
}

/** Prices a form against a catalogue already read (the same one the browser prices from, catalog.all). */
export function priceWithCatalog(catalog: CatalogDto, form: QuoteFormInput): QuoteResult {
  try {
    return calculateQuote(form, toPricingCatalog(catalog));
  } catch (error) {
    if (error instanceof PricingError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    throw error;
  }
}
