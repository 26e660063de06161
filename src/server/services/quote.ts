import { InvalidInputError } from '../errors';
import { calculateQuote, PricingError, type PricingCatalog, type QuoteFormInput, type QuoteResult } from '../../shared/pricing';
import type { Db } from '../db/database';
import { catalogSnapshot } from './catalog-cache';

/** Prices a form against the current catalogue (held in memory, never stale): the server's authoritative figures. */
export async function priceQuote(db: Db, form: QuoteFormInput, reading?: number): Promise<QuoteResult> {
  return priceWithPricingCatalog(catalogSnapshot(db, reading).pricing, form);
}
/** Prices against the engine's view of a catalogue; the engine's refusals are bad input (400). */
export function priceWithPricingCatalog(pricing: PricingCatalog, form: QuoteFormInput): QuoteResult {
  try {
    return calculateQuote(form, pricing);
  } catch (error) {
    if (error instanceof PricingError) throw new InvalidInputError(error.message);
    throw error;
  }
}
