import {
  createdWebhookOutput,
  createWebhookInput,
  deliveryIdInput,
  deliveryOutput,
  updateWebhookInput,
  webhookIdInput,
  webhookOutput,
} from '../../../shared/schemas/webhooks';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  queuePing,
  resendDelivery,
  updateWebhook,
} from '../../services/webhooks';
import { webhookTargets } from '../../services/webhook-address';
import { adminProcedure, router } from '../../trpc/init';
import type { Context } from '../../trpc/context';
import { successOutput } from '../../../shared/schemas/answer-fields';
import { answer } from '../../trpc/answer';

const targetsOf = (ctx: Context) => webhookTargets(ctx.config, ctx.resolveHost);

/** Webhook subscriptions and their deliveries (admin.webhooks.*): REST /api/admin/webhooks. */
export const adminWebhooksRouter = router({
  list: adminProcedure.output(answer(webhookOutput.array())).query(({ ctx }) => listWebhooks(ctx.db)),
  get: adminProcedure
    .input(webhookIdInput)
    .output(answer(webhookOutput))
    .query(({ ctx, input }) => getWebhook(ctx.db, input.id)),
  /** The answer holds the signing secret: the only time it is shown. An address inside is refused (webhook-address.ts). */
  create: adminProcedure
    .input(createWebhookInput)
    .output(answer(createdWebhookOutput))
    .mutation(({ ctx, input }) => createWebhook(ctx.db, ctx.clock, ctx.user.id, input, targetsOf(ctx))),
  update: adminProcedure
    .input(updateWebhookInput)
    .output(answer(webhookOutput))
    .mutation(({ ctx, input }) => updateWebhook(ctx.db, ctx.clock, ctx.user.id, input, targetsOf(ctx))),
  delete: adminProcedure
    .input(webhookIdInput)
    .output(answer(successOutput))
    .mutation(async ({ ctx, input }) => {
      await deleteWebhook(ctx.db, ctx.clock, ctx.user.id, input.id);
      return { success: true };
    }),
  /** Newest first, at most 100. */
  deliveries: adminProcedure
    .input(webhookIdInput)
    .output(answer(deliveryOutput.array()))
    .query(({ ctx, input }) => listDeliveries(ctx.db, input.id)),
  /** Queues a `ping`; the answer is its delivery, pending (the deliveries list shows how it went). */
  test: adminProcedure
    .input(webhookIdInput)
    .output(answer(deliveryOutput))
    .mutation(({ ctx, input }) => queuePing(ctx.db, ctx.clock, input.id)),
  /** Sends a delivery's event again as a new delivery. */
  resend: adminProcedure
    .input(deliveryIdInput)
    .output(answer(deliveryOutput))
    .mutation(({ ctx, input }) => resendDelivery(ctx.db, ctx.clock, input.id, input.deliveryId)),
});
