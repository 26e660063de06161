import {
  loginInput,
  PASSWORD_RESET_DONE_MESSAGE,
  REGISTRATION_CLOSED,
  registerInput,
  requestPasswordResetInput,
  RESET_REQUESTED_MESSAGE,
  resetPasswordInput,
  resetTokenStatusInput,
  updateProfileInput,
  verifyEmailInput,
} from '../../shared/schemas/auth';
import { createSession, invalidateSession, sessionCheckOf } from '../auth/session';
import { issueDeviceCookie } from '../auth/device-cookie';
import { ForbiddenError } from '../errors';
import { rateLimiterFor } from '../http/rate-limit';
import { authenticate, recordLogin, registerUser, signOut, updateProfile } from '../services/accounts';
import { requestPasswordReset, resetPassword, resetTokenUsable } from '../services/password-reset';
import { demoHint } from '../services/demo-hint';
import { mailVerificationAfterRegistration, resendVerification, verifyEmail } from '../services/email-verification';
import { toUserDto } from '../services/users';
import type { Context } from '../trpc/context';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';
import { apiKeysRouter } from './api-keys';
import { demoHintOutput, resendVerificationOutput, resetTokenStatusOutput, sessionCheckOutput, userOutput } from '../../shared/schemas/auth';
import { messageOutput, successOutput } from '../../shared/schemas/answer-fields';
import { answer } from '../trpc/answer';

/**
 * A fresh token for every sign-in; a session this browser still held is ended first. `persistent: false` (login
 * with remember: false) is the short, browser-session kind.
 */
function startSession(ctx: Context, userId: number, persistent = true): void {
  if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
  const { token, session } = createSession(ctx.db, ctx.clock, userId, { persistent });
  ctx.cookies.set(token, session.expiresAt, session.persistent);
}

export const authRouter = router({
  /** The caller's API keys for scripts. */
  apiKeys: apiKeysRouter,

  login: publicProcedure
    .input(loginInput)
    .output(answer(userOutput))
    .mutation(async ({ ctx, input }) => {
      const user = await authenticate(ctx.db, ctx.clock, input.username, input.password, ctx.deviceCookie());
      startSession(ctx, user.id, input.remember !== false);
      // This browser is now one the account trusts (a fresh nonce each time: a new count of its own).
      ctx.cookies.setDevice(issueDeviceCookie(ctx.db, user, ctx.clock.now()));
      return toUserDto(await recordLogin(ctx.db, ctx.clock, user.id));
    }),

  logout: publicProcedure.output(answer(successOutput)).mutation(async ({ ctx }) => {
    if (ctx.session && ctx.user) await signOut(ctx.db, ctx.clock, ctx.session.id, ctx.user.id);
    ctx.cookies.clear();
    return { success: true };
  }),

  /** The current user (REST: GET /api/user, 401 when signed out). */
  me: protectedProcedure.output(answer(userOutput)).query(({ ctx }) => toUserDto(ctx.user)),

  /**
   * Session check for guards (REST: GET /api/auth/check); never fails. It also tells the auth page whether it may
   * offer the Register tab (REGISTRATION).
   */
  check: publicProcedure
    .output(answer(sessionCheckOutput))
    .query(({ ctx }) => ({ ...sessionCheckOf(ctx.user), registration: ctx.config.registration })),

  /** The admin login's demo credentials, or null once the demo admin is gone or its password changed. */
  demoHint: publicProcedure.output(answer(demoHintOutput)).query(({ ctx }) => demoHint(ctx.db, ctx.config)),

  /**
   * Creates the account, signs it in (the seed sets the current user to the one returned) and mails the link that
   * verifies its address. With REGISTRATION=closed a 403 whatever the body: the check runs before the input is read.
   */
  register: publicProcedure
    .use(({ ctx, next }) => {
      if (ctx.config.registration === 'closed') throw new ForbiddenError(REGISTRATION_CLOSED);
      return next();
    })
    .input(registerInput)
    .output(answer(userOutput))
    .mutation(async ({ ctx, input }) => {
      rateLimiterFor(ctx).take('register', ctx.clientAddress);
      const user = await registerUser(ctx.db, ctx.clock, input);
      mailVerificationAfterRegistration(ctx, user);
      startSession(ctx, user.id);
      ctx.cookies.setDevice(issueDeviceCookie(ctx.db, user, ctx.clock.now()));
      return toUserDto(user);
    }),

  updateProfile: protectedProcedure
    .input(updateProfileInput)
    .output(answer(userOutput))
    .mutation(async ({ ctx, input }) => toUserDto(await updateProfile(ctx.db, ctx.clock, ctx.user.id, input))),

  /**
   * Same answer whether or not the address has an account (no enumeration), in the same time: the lookup and the
   * mail are done after answering. Limited per client address (RATE_LIMIT_RESET).
   */
  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .output(answer(messageOutput))
    .mutation(({ ctx, input }) => {
      rateLimiterFor(ctx).take('reset', ctx.clientAddress);
      const { db, clock, config, mailer } = ctx;
      mailer.defer(() => requestPasswordReset({ db, clock, config, mailer }, input.email));
      return { message: RESET_REQUESTED_MESSAGE };
    }),

  /**
   * Whether a reset link is still usable, asked by the reset page when it opens: `{ usable }` and nothing about the
   * account. Limited per client address like the other reset calls, so it cannot be used to try tokens in bulk.
   */
  resetTokenStatus: publicProcedure
    .input(resetTokenStatusInput)
    .output(answer(resetTokenStatusOutput))
    .query(async ({ ctx, input }) => {
      rateLimiterFor(ctx).take('reset', ctx.clientAddress);
      return { usable: await resetTokenUsable(ctx.db, ctx.clock, input.token) };
    }),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(answer(messageOutput))
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.db, ctx.clock, input.token, input.newPassword);
      return { message: PASSWORD_RESET_DONE_MESSAGE };
    }),

  /** The verification link's page posts its token; public, as the link may be opened in any browser. */
  verifyEmail: publicProcedure
    .input(verifyEmailInput)
    .output(answer(messageOutput))
    .mutation(({ ctx, input }) => verifyEmail(ctx.db, ctx.clock, input.token)),

  /** A new verification link for the signed-in account (at most 5 an hour). */
  resendVerification: protectedProcedure.output(answer(resendVerificationOutput)).mutation(({ ctx }) => resendVerification(ctx, ctx.user.id)),
});
