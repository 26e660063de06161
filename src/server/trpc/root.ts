import { adminRouter } from '../routers/admin';
import { authRouter } from '../routers/auth';
import { catalogRouter } from '../routers/catalog';
import { configurationsRouter } from '../routers/configurations';
import { healthProcedure } from '../routers/health';
import { apiDocsProcedure, openApiProcedure } from '../routers/api-description';
import { quoteRouter } from '../routers/quote';
import { sharedRouter } from '../routers/shared';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: authRouter,
  catalog: catalogRouter,
  quote: quoteRouter,
  configurations: configurationsRouter,
  admin: adminRouter,
  shared: sharedRouter,
  health: healthProcedure,
  openapi: openApiProcedure,
  apiDocs: apiDocsProcedure,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
