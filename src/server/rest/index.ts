import { Hono } from 'hono';
import type { Services } from '../trpc/context';
import { registerAccountRoutes } from './account';
import { registerAdminCatalogRoutes } from './admin-catalog';
import { registerAdminUsersRoutes } from './admin-users';
import { registerAuthRoutes } from './auth';
import { registerCatalogRoutes } from './catalog';
import { registerConfigurationsRoutes } from './configurations';
import { registerHealthRoutes } from './health';
import { errorResponse, type RestEnv } from './kit';
import { registerQuoteRoutes } from './quote';

/** The documented /api paths: thin adapters over the tRPC procedures. */
export function createRestApi(services: Services): Hono<RestEnv> {
  const api = new Hono<RestEnv>();
  api.use('*', async (c, next) => {
    c.set('services', services);
    await next();
  });
  registerHealthRoutes(api);
  registerAuthRoutes(api);
  registerCatalogRoutes(api);
  registerAccountRoutes(api);
  registerQuoteRoutes(api);
  registerConfigurationsRoutes(api);
  registerAdminCatalogRoutes(api);
  registerAdminUsersRoutes(api);
  api.notFound((c) => c.json({ message: 'Not found', error: 'Not found', code: 'NOT_FOUND' }, 404));
  api.onError((error, c) => errorResponse(c, error));
  return api;
}
