import { initTRPC } from '@trpc/server';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { Context } from './context';
import { domainTRPCError, inputIssuesOf, publicMessageOf } from './errors';

const t = initTRPC.context<Context>().create({
  // Never send stack traces to a client.
  isDev: false,
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      message: publicMessageOf(error),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues: inputIssuesOf(error) },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** What a procedure call is, for those who watch every call pass (tests/integration/one-door.test.ts). */
export interface ProcedureCall {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
}

const procedureWatchers = new Set<(call: ProcedureCall) => void>();

/**
 * Calls `watcher` on every procedure call, before its input is parsed, until the returned function is called. It sits
 * in the base procedure every procedure is built from, so it sees exactly what a rule added there would see.
 */
export function watchProcedureCalls(watcher: (call: ProcedureCall) => void): () => void {
  procedureWatchers.add(watcher);
  return () => procedureWatchers.delete(watcher);
}

/**
 * The base procedure all procedures come from: every call of both doors passes this one middleware once, so a rule
 * added here holds everywhere. It also turns the domain's errors (src/server/errors.ts) into their tRPC codes, for
 * whatever layer below threw them.
 */
const baseProcedure = t.procedure.use(async ({ path, type, next }) => {
  if (procedureWatchers.size > 0) for (const watch of procedureWatchers) watch({ path, type });
  const result = await next();
  if (!result.ok) {
    const mapped = domainTRPCError(result.error);
    if (mapped) throw mapped;
  }
  return result;
});

/** The access rules, in one place: 401 signed out, 403 signed in but not an admin. */
export const publicProcedure = baseProcedure;
export const protectedProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new UnauthorizedError('Not authenticated');
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new ForbiddenError('Admin privileges required');
  return next();
});
