import { TRPCError } from '@trpc/server';
import { toPricingCatalog } from '../../shared/catalog';
import { calculateQuote, PricingError, type QuoteFormInput, type QuoteResult } from '../../shared/pricing';
import type { Db } from '../db';
import { listAddOns, listDiscounts, listPackages } from './catalog';

/** Prices a form against the current catalogue: the server's authoritative figures. */
export function priceQuote(db: Db, form: QuoteFormInput): QuoteResult {
  const catalog = db.transaction(() =>
    toPricingCatalog({ packages: listPackages(db), addOns: listAddOns(db), discounts: listDiscounts(db) }),
  );
  try {
    return calculateQuote(form, catalog);
  } catch (error) {
    if (error instanceof PricingError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    throw error;
  }
}
