import { DOCS_PAGE } from '../openapi/docs-page';
import type { AnyRouter } from '@trpc/server';
import { openApiJson } from '../openapi/document';
import { publicProcedure } from '../trpc/init';
import { APP_VERSION } from '../version';
import { apiDocsOutput, openApiOutput } from '../../shared/schemas/api-description';
import { answer } from '../trpc/answer';

/**
 * The OpenAPI 3.1 description of the REST door (GET /api/openapi.json), as JSON text: of the router `described`
 * gives (the app's own, which holds this procedure: hence a function).
 */
export const openApiProcedure = (described: () => AnyRouter) =>
  publicProcedure.output(answer(openApiOutput)).query(({ ctx }) => ({ json: openApiJson(described(), APP_VERSION, ctx.config.appUrl) }));

/** The reference page over it (GET /api/docs). */
export const apiDocsProcedure = publicProcedure.output(answer(apiDocsOutput)).query(() => ({ html: DOCS_PAGE }));
