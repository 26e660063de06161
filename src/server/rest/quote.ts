import { jsonBody, run, type RestApp } from './kit';

export function registerQuoteRoutes(api: RestApp): void {
  api.post('/quote', (c) => run(c, async (caller) => caller.quote.calculate(await jsonBody(c))));
}
