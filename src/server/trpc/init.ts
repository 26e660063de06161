import { initTRPC, TRPCError } from '@trpc/server';
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

export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin privileges required' });
  return next();
});
