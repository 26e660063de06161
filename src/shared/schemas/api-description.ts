// The answers that are neither data nor a record: liveness, and the API's own description and reference page.
import { z } from 'zod';

/** GET /api/health: answers only when the database answers a query. */
export const healthOutput = z.object({ status: z.literal('ok') });
/** The OpenAPI document as JSON text (GET /api/openapi.json answers the text itself). */
export const openApiOutput = z.object({ json: z.string() });
/** The reference page (GET /api/docs answers the page itself). */
export const apiDocsOutput = z.object({ html: z.string() });
