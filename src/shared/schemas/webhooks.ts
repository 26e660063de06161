// Webhooks (docs/API.md "Webhooks"): where to send which events.
import { z } from 'zod';

export const WEBHOOK_EVENTS = [
  'quote.created',
  'quote.sent',
  'quote.viewed',
  'quote.accepted',
  'quote.declined',
  'quote.deleted',
  'catalogue.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const URL_MAX = 2000;
export const webhookMessages = {
  url: 'Please enter an http:// or https:// address',
  events: 'Choose at least one event',
  event: `An event is one of ${WEBHOOK_EVENTS.join(', ')}`,
  publicAddress: 'Webhook URL must be a public address',
} as const;

/**
 * What a failed try that got no status code is listed as (docs/API.md "Webhooks"): never the network's own words, so
 * the list cannot be read as a map of what answers inside.
 */
export const DELIVERY_FAILURES = ['connection failed', 'timed out', 'blocked address'] as const;
export type DeliveryFailure = (typeof DELIVERY_FAILURES)[number];

const urlField = z
  .string({ error: webhookMessages.url })
  .trim()
  .max(URL_MAX, `The address must be at most ${URL_MAX} characters`)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && u.username === '' && u.password === '';
    } catch {
      return false;
    }
  }, webhookMessages.url);
const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: webhookMessages.event }), { error: webhookMessages.events })
  .min(1, webhookMessages.events)
  .max(WEBHOOK_EVENTS.length * 2, webhookMessages.events)
  .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e)));

const id = (what: string) =>
  z
    .number({ error: `${what} not found` })
    .int(`${what} not found`)
    .positive(`${what} not found`);

export const createWebhookInput = z.object({ url: urlField, events: eventsField });
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;
export const webhookIdInput = z.object({ id: id('Webhook') });
export const updateWebhookInput = z.object({
  id: id('Webhook'),
  url: urlField.optional(),
  events: eventsField.optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;
export const deliveryIdInput = z.object({ id: id('Webhook'), deliveryId: id('Delivery') });

export const webhookOutput = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  createdAt: z.string(),
});
export type WebhookDto = z.infer<typeof webhookOutput>;
/** The answer of a create: the only time the signing secret is shown. */
export const createdWebhookOutput = webhookOutput.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookOutput>;

export const deliveryOutput = z.object({
  id: z.number().int(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastResponseCode: z.number().int().nullable(),
  /** Set when the last try got no status code; null when it got one (lastResponseCode) or was never made. */
  lastError: z.enum(DELIVERY_FAILURES).nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type DeliveryDto = z.infer<typeof deliveryOutput>;
