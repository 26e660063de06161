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

export const publicProcedure = t.procedure;

export type SignedInContext = Context & { user: SessionUser; session: Session };

/**
 * The sign-in rule, in one place: protectedProcedure runs it, and so do the REST adapters that call a service
 * directly (src/server/rest/direct.ts), so both doors answer the same 401.
 */
export function requireSignedIn(ctx: Context): SignedInContext {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  return ctx as SignedInContext;
}

/** The admin rule, in one place (adminProcedure and any direct REST adapter): 401 signed out, 403 not an admin. */
export function requireAdmin(ctx: Context): SignedInContext {
  const signedIn = requireSignedIn(ctx);
  if (!signedIn.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin privileges required' });
  return signedIn;
}

export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  const signedIn = requireSignedIn(ctx);
  return next({ ctx: { ...signedIn, user: signedIn.user, session: signedIn.session } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  requireAdmin(ctx);
  return next();
});
