// API keys (docs/API.md "API keys"): the caller's own under /account, every key under /admin.
import { idParam, jsonBody, run, type RestApp } from './kit';

export function registerApiKeyRoutes(api: RestApp): void {
  api.get('/account/api-keys', (c) => run(c, (caller) => caller.auth.apiKeys.list()));
  api.post('/account/api-keys', (c) => run(c, async (caller) => caller.auth.apiKeys.create(await jsonBody(c)), 201));
  api.delete('/account/api-keys/:id', (c) => run(c, (caller) => caller.auth.apiKeys.revoke({ id: idParam(c) }), 204));
  api.get('/admin/api-keys', (c) => run(c, (caller) => caller.admin.apiKeys.list()));
  api.delete('/admin/api-keys/:id', (c) => run(c, (caller) => caller.admin.apiKeys.revoke({ id: idParam(c) }), 204));
}
