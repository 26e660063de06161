import { initTRPC } from '@trpc/server';
import type { Session, SessionUser } from '../auth/session';
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

/** The three access levels below, as the API description names them (src/server/openapi/routes.ts). */
export type Access = 'public' | 'signedIn' | 'admin';

export const BAD_API_KEY = 'The API key is not valid';
export const READ_ONLY_KEY = 'This API key may only read';

/**
 * The base procedure all procedures come from: every call of both doors passes its first middleware once, so a rule
 * added here holds everywhere. That one turns the domain's errors (src/server/errors.ts) into their tRPC codes, for
 * whatever layer below threw them. Then API keys: a request signed with an unknown or revoked key is a 401 whatever it
 * calls; a read key may call no mutation (every change of data is one).
 */
const baseProcedure = t.procedure
  .use(async ({ path, type, next }) => {
    if (procedureWatchers.size > 0) for (const watch of procedureWatchers) watch({ path, type });
    const result = await next();
    if (!result.ok) {
      const mapped = domainTRPCError(result.error);
      if (mapped) throw mapped;
    }
    return result;
  })
  .use(({ ctx, type, next }) => {
    if (ctx.badApiKey) throw new UnauthorizedError(BAD_API_KEY);
    if (ctx.apiKey?.scope === 'read' && type !== 'query') throw new ForbiddenError(READ_ONLY_KEY);
    return next();
  });

/** The access rules, in one place: 401 signed out, 403 signed in but not an admin. */
function signedIn({ user, session }: Context): { user: SessionUser; session: Session } {
  if (!user || !session) throw new UnauthorizedError('Not authenticated');
  return { user, session };
}

/** A REST adapter's unreadable id or body (rest/kit.ts refuseInput) is answered only once access is settled. */
function refuseInput(ctx: Context): void {
  if (ctx.inputRefusal !== undefined) throw ctx.inputRefusal;
}

export const publicProcedure = baseProcedure.use(({ ctx, next }) => {
  refuseInput(ctx);
  return next();
});
export const protectedProcedure = baseProcedure.use(({ ctx, next }) => {
  const who = signedIn(ctx);
  refuseInput(ctx);
  return next({ ctx: who });
});
export const adminProcedure = baseProcedure.use(({ ctx, next }) => {
  const who = signedIn(ctx);
  if (!who.user.isAdmin) throw new ForbiddenError('Admin privileges required');
  refuseInput(ctx);
  return next({ ctx: who });
});
