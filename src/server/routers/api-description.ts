import { DOCS_PAGE } from '../openapi/docs-page';
import { openApiJson } from '../openapi/document';
import { publicProcedure } from '../trpc/init';
import { APP_VERSION } from '../version';

/** The OpenAPI 3.1 description of the REST door (GET /api/openapi.json), as JSON text. */
export const openApiProcedure = publicProcedure.query(({ ctx }) => ({ json: openApiJson(APP_VERSION, ctx.config.appUrl) }));

/** The reference page over it (GET /api/docs). */
export const apiDocsProcedure = publicProcedure.query(() => ({ html: DOCS_PAGE }));
