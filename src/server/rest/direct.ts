// The REST door's shortcut for the hot paths: instead of a tRPC caller (a proxy, the middleware chain, another
// promise per layer: 30–70 µs a request), the adapter runs the same pieces the procedure is made of — the same
// request context, the same sign-in rule (trpc/init.ts requireSignedIn), the same zod schema, the same service and
// the same error mapping (kit.ts errorResponse). tests/integration/doors-parity.test.ts holds the two doors equal.
import { TRPCError } from '@trpc/server';
import type { Context as HonoContext } from 'hono';
import type { z } from 'zod';
import { withOneReading } from '../db-watch';
import { noteRequestUser } from '../logging';
import { createRequestContext, type Context } from '../trpc/context';
import { errorResponse, type RestEnv } from './kit';

/** Runs `fn` with this request's context; anything thrown is answered exactly as `run` (kit.ts) answers it. */
export async function direct(
  c: HonoContext<RestEnv>,
  fn: (ctx: Context) => Response | Promise<Response>,
): Promise<Response> {
  try {
    // The session check and the catalogue share one data_version reading (db-watch.ts).
    return await withOneReading(() => {
      const ctx = createRequestContext(c.get('services'), c);
      noteRequestUser(c, ctx.user?.id);
      return fn(ctx);
    });
  } catch (error) {
    return errorResponse(c, error);
  }
}

/** The procedure's input validation: a failure is the same BAD_REQUEST with the zod issues as its cause. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: result.error });
  return result.data;
}
