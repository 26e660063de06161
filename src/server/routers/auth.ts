import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { loginInput } from '../../shared/schemas/auth';
import { verifyPassword } from '../auth/password';
import { createSession, invalidateSession } from '../auth/session';
import { findUserByLogin, toUserDto } from '../services/users';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';

export const INVALID_CREDENTIALS = 'Invalid username or password';

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const user = findUserByLogin(ctx.db, input.username);
    if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
    }
    // A fresh token at every login; an old session cookie in this browser is ended.
    if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
    const now = ctx.clock.now();
    ctx.db.update(users).set({ lastLogin: now }).where(eq(users.id, user.id)).run();
    const { token, session } = createSession(ctx.db, ctx.clock, user.id);
    ctx.cookies.set(token, session.expiresAt);
    return toUserDto({ ...user, lastLogin: now });
  }),

  logout: publicProcedure.mutation(({ ctx }) => {
    if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
    ctx.cookies.clear();
    return { success: true };
  }),

  /** The current user (REST: GET /api/user, 401 when signed out). */
  me: protectedProcedure.query(({ ctx }) => toUserDto(ctx.user)),

  /** Session check for guards (REST: GET /api/auth/check); never fails. */
  check: publicProcedure.query(({ ctx }) => ({
    authenticated: ctx.user !== null,
    isAdmin: ctx.user?.isAdmin ?? false,
  })),
});
