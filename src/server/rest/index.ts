import { Hono } from 'hono';
import { registerAccountRoutes } from './account';
import { registerAdminCatalogRoutes } from './admin-catalog';
import { registerAdminUsersRoutes } from './admin-users';
import { registerApiKeyRoutes } from './api-keys';
import { registerAuthRoutes } from './auth';
import { registerCatalogRoutes } from './catalog';
import { registerCatalogueFileRoutes } from './catalogue-file';
import { registerConfigurationsRoutes } from './configurations';
import { registerHealthRoutes } from './health';
import type { RestEnv } from './kit';
import { registerQuoteRoutes } from './quote';
import { registerQuotePdfRoutes } from './quote-pdf';
import { registerShareRoutes } from './share';
import { registerWebhookRoutes } from './webhooks';

/** The documented /api paths: thin adapters over the tRPC procedures. Unknown paths and stray errors are answered by
 * the app (src/server/app.ts), so they look the same everywhere. The services come from the envelope
 * (src/server/http/envelope.ts), which every /api request passes first. */
export function createRestApi(): Hono<RestEnv> {
  const api = new Hono<RestEnv>();
  registerHealthRoutes(api);
  registerAuthRoutes(api);
  registerCatalogRoutes(api);
  registerAccountRoutes(api);
  registerQuoteRoutes(api);
  registerConfigurationsRoutes(api);
  registerQuotePdfRoutes(api);
  registerShareRoutes(api);
  registerAdminCatalogRoutes(api);
  registerAdminUsersRoutes(api);
  registerApiKeyRoutes(api);
  registerWebhookRoutes(api);
  registerCatalogueFileRoutes(api);
  return api;
}
