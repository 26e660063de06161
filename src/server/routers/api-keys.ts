import { adminApiKeyOutput, apiKeyIdInput, apiKeyOutput, createApiKeyInput, createdApiKeyOutput } from '../../shared/schemas/api-keys';
import { createApiKey, listAllApiKeys, listOwnApiKeys, revokeApiKey } from '../services/api-keys';
import { adminProcedure, protectedProcedure, router } from '../trpc/init';

/** The caller's own keys (auth.apiKeys.*): REST /api/account/api-keys. */
export const apiKeysRouter = router({
  list: protectedProcedure.output(apiKeyOutput.array()).query(({ ctx }) => listOwnApiKeys(ctx.db, ctx.user.id)),
  /** The answer holds the key itself: the only time it is ever shown. */
  create: protectedProcedure
    .input(createApiKeyInput)
    .output(createdApiKeyOutput)
    .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.clock, ctx.user.id, input)),
  revoke: protectedProcedure.input(apiKeyIdInput).mutation(({ ctx, input }) => {
    revokeApiKey(ctx.db, ctx.clock, ctx.user.id, input.id, ctx.user.id);
    return { success: true };
  }),
});

/** Every account's keys (admin.apiKeys.*): REST /api/admin/api-keys. */
export const adminApiKeysRouter = router({
  list: adminProcedure.output(adminApiKeyOutput.array()).query(({ ctx }) => listAllApiKeys(ctx.db)),
  revoke: adminProcedure.input(apiKeyIdInput).mutation(({ ctx, input }) => {
    revokeApiKey(ctx.db, ctx.clock, ctx.user.id, input.id, null);
    return { success: true };
  }),
});
