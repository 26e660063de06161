import { initTRPC, TRPCError } from '@trpc/server';
import type { Session, SessionUser } from '../auth/session';
import type { Context } from './context';
import { inputIssuesOf, publicMessageOf } from './errors';

/** What a procedure says about itself: its access level, read by the API description (src/server/openapi). */
export interface ProcedureMeta {
  access?: Access;
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
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

export type SignedInContext = Context & { user: SessionUser; session: Session };
export type Access = 'public' | 'signedIn' | 'admin';

export const BAD_API_KEY = 'The API key is not valid';
export const READ_ONLY_KEY = 'This API key may only read';

/**
 * The access rules, in one place: 401 signed out, 403 signed in but not an admin. A request signed with an unknown or
 * revoked API key is a 401 whatever it calls; a read key may call no mutation (every change of data is one).
 */
function requireAccess(ctx: Context, access: Access, type: ProcedureCall['type']): void {
  if (ctx.badApiKey) throw new TRPCError({ code: 'UNAUTHORIZED', message: BAD_API_KEY });
  if (ctx.apiKey?.scope === 'read' && type !== 'query') throw new TRPCError({ code: 'FORBIDDEN', message: READ_ONLY_KEY });
  if (access === 'public') return;
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  if (access === 'admin' && !ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin privileges required' });
}

/**
 * The one procedure builder all procedures come from: every call of both doors passes this one middleware once, so a
 * rule added here holds everywhere. One layer, and the context passed on as it is (tRPC copies the context and its
 * own options for every layer and for every context it is handed): the access level only narrows the type.
 */
function procedureWith<A extends Access>(access: A) {
  return t.procedure.meta({ access }).use(({ ctx, path, type, next }) => {
    if (procedureWatchers.size > 0) for (const watch of procedureWatchers) watch({ path, type });
    requireAccess(ctx, access, type);
    // A REST adapter's unreadable id or body (rest/kit.ts refuseInput) is answered only once access is settled.
    if (ctx.inputRefusal !== undefined) throw ctx.inputRefusal;
    return next() as unknown as ReturnType<typeof next<A extends 'public' ? object : { user: SessionUser; session: Session }>>;
  });
}

export const publicProcedure = procedureWith('public');
export const protectedProcedure = procedureWith('signedIn');
export const adminProcedure = procedureWith('admin');
