import { run, runText, type RestApp } from './kit';

export function registerHealthRoutes(api: RestApp): void {
  api.get('/health', (c) => run(c, (caller) => caller.health()));
  // The API's own description and its reference page (src/server/openapi).
  api.get('/openapi.json', (c) =>
    runText(c, async (caller) => ({ body: (await caller.openapi()).json, headers: { 'content-type': 'application/json' } })),
  );
  api.get('/docs', (c) =>
    runText(c, async (caller) => ({ body: (await caller.apiDocs()).html, headers: { 'content-type': 'text/html; charset=utf-8' } })),
  );
}
