import { quoteResultToJson } from '../../shared/pricing';
import { quoteFormInput } from '../../shared/schemas/quote';
import { priceQuote } from '../services/quote';
import { requireSignedIn } from '../trpc/init';
import { apiJsonText } from '../security';
import { direct, parseInput } from './direct';
import { jsonBody, type RestApp } from './kit';

export function registerQuoteRoutes(api: RestApp): void {
  // quote.calculate without the caller: body, then sign-in, then the schema — the order the caller path had.
  api.post('/quote', (c) =>
    direct(c, async (ctx) => {
      const body = await jsonBody(c);
      const { db } = requireSignedIn(ctx);
      return apiJsonText(c, JSON.stringify(quoteResultToJson(priceQuote(db, parseInput(quoteFormInput, body)))));
    }),
  );
}
