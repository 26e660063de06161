import { initTRPC, TRPCError } from '@trpc/server';
import type { Session, SessionUser } from '../auth/session';
import type { Context } from './context';
import { inputIssuesOf, publicMessageOf } from './errors';

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
export const middleware = t.middleware;

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

/** The one procedure builder all procedures come from: every request of both doors passes this middleware once. */
const baseProcedure = t.procedure.use(({ path, type, next }) => {
  if (procedureWatchers.size > 0) for (const watch of procedureWatchers) watch({ path, type });
  return next();
});

export const publicProcedure = baseProcedure;

export type SignedInContext = Context & { user: SessionUser; session: Session };

/** The sign-in rule, in one place (protectedProcedure, and services that need the signed-in context). */
function requireSignedIn(ctx: Context): SignedInContext {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  return ctx as SignedInContext;
}

/** The admin rule, in one place: 401 signed out, 403 not an admin. */
function requireAdmin(ctx: Context): SignedInContext {
  const signedIn = requireSignedIn(ctx);
  if (!signedIn.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin privileges required' });
  return signedIn;
}

export const protectedProcedure = baseProcedure.use(({ ctx, next }) => {
  const signedIn = requireSignedIn(ctx);
  return next({ ctx: { ...signedIn, user: signedIn.user, session: signedIn.session } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  requireAdmin(ctx);
  return next();
});
