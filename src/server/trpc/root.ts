import type { AnyRouter } from '@trpc/server';
import { adminRouter } from '../routers/admin';
import { authRouter } from '../routers/auth';
import { catalogRouter } from '../routers/catalog';
import { configurationsRouter } from '../routers/configurations';
import { healthProcedure } from '../routers/health';
import { apiDocsProcedure, openApiProcedure } from '../routers/api-description';
import { quoteRouter } from '../routers/quote';
import { sharedRouter } from '../routers/shared';
import { createCallerFactory, router } from './init';

/** The router the API description describes: this one (a declared return type, so that it may name itself). */
function described(): AnyRouter {
  return appRouter;
}

export const appRouter = router({
  auth: authRouter,
  catalog: catalogRouter,
  quote: quoteRouter,
  configurations: configurationsRouter,
  admin: adminRouter,
  shared: sharedRouter,
  health: healthProcedure,
  openapi: openApiProcedure(described),
  apiDocs: apiDocsProcedure,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
