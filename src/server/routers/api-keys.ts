import { adminApiKeyOutput, apiKeyIdInput, apiKeyOutput, createApiKeyInput, createdApiKeyOutput } from '../../shared/schemas/api-keys';
import { createApiKey, listAllApiKeys, listOwnApiKeys, revokeApiKey } from '../services/api-keys';
import { adminProcedure, protectedProcedure, router } from '../trpc/init';
import { successOutput } from '../../shared/schemas/answer-fields';
import { answer } from '../trpc/answer';

// Keys are managed with a session only (docs/API.md "API keys"): a key can neither mint another nor hide one.
const ownKeys = protectedProcedure.meta({ keys: 'none' });
const everyKey = adminProcedure.meta({ keys: 'none' });

/** The caller's own keys (auth.apiKeys.*): REST /api/account/api-keys. */
export const apiKeysRouter = router({
  list: ownKeys.output(answer(apiKeyOutput.array())).query(({ ctx }) => listOwnApiKeys(ctx.db, ctx.user.id)),
  /** The answer holds the key itself: the only time it is ever shown. Its owner is mailed that it was made. */
  create: ownKeys
    .input(createApiKeyInput)
    .output(answer(createdApiKeyOutput))
    .mutation(({ ctx, input }) => createApiKey(ctx, ctx.user, input)),
  revoke: ownKeys
    .input(apiKeyIdInput)
    .output(answer(successOutput))
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey(ctx.db, ctx.clock, ctx.user.id, input.id, ctx.user.id);
      return { success: true };
    }),
});

/** Every account's keys (admin.apiKeys.*): REST /api/admin/api-keys. */
export const adminApiKeysRouter = router({
  list: everyKey.output(answer(adminApiKeyOutput.array())).query(({ ctx }) => listAllApiKeys(ctx.db)),
  revoke: everyKey.input(apiKeyIdInput).mutation(async ({ ctx, input }) => {
    await revokeApiKey(ctx.db, ctx.clock, ctx.user.id, input.id, null);
    return { success: true };
  }),
});
