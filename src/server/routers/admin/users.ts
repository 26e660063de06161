import { createUserInput, updateUserInput, userIdInput } from '../../../shared/schemas/admin-users';
import { createAdminResetLink, createUser, deleteUser, listUsers, updateUser } from '../../services/admin-users';
import { adminProcedure, router } from '../../trpc/init';
import { successOutput } from '../../../shared/schemas/answer-fields';
import { resetLinkOutput } from '../../../shared/schemas/admin-users';
import { userOutput } from '../../../shared/schemas/auth';
import { answer } from '../../trpc/answer';

export const adminUsersRouter = router({
  /** Every account, by id; never a password hash. */
  list: adminProcedure.output(answer(userOutput.array())).query(({ ctx }) => listUsers(ctx.db)),

  create: adminProcedure
    .input(createUserInput)
    .output(answer(userOutput))
    .mutation(({ ctx, input }) => createUser(ctx.db, ctx.clock, input, { userId: ctx.user.id, sessionId: ctx.session.id, clock: ctx.clock })),

  /** Only the fields sent change; a blank or absent password keeps the current one. */
  update: adminProcedure
    .input(updateUserInput)
    .output(answer(userOutput))
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateUser(ctx.db, { sessionId: ctx.session.id, userId: ctx.user.id, clock: ctx.clock }, id, changes);
    }),

  delete: adminProcedure
    .input(userIdInput)
    .output(answer(successOutput))
    .mutation(async ({ ctx, input }) => {
      await deleteUser(ctx.db, { userId: ctx.user.id, clock: ctx.clock }, input.id);
      return { success: true };
    }),

  /** A reset link to hand over by other means: the same kind of token as the reset mail's, valid 24 hours. */
  resetLink: adminProcedure
    .input(userIdInput)
    .output(answer(resetLinkOutput))
    .mutation(({ ctx, input }) => createAdminResetLink(ctx.db, ctx.clock, ctx.config, input.id, { userId: ctx.user.id })),
});
