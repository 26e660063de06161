// API keys for scripts (docs/API.md "API keys"): a name to tell them apart and a scope.
import { z } from 'zod';
import { nameField } from './auth';

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a request signed with an API key is refused, and why (docs/API.md "API keys"). */
export const apiKeyMessages = {
  /** Keys are made, listed and revoked with a session: a stolen key cannot mint more or hide itself. */
  sessionOnly: 'API keys are managed only when signed in with your password, not with an API key',
  /** The live share link lets whoever holds it accept or decline for the customer. */
  liveLinkNeedsWrite: 'A read-only API key cannot see a live share link: whoever holds the link can answer for the customer',
} as const;

export const createApiKeyInput = z.object({
  name: nameField('Name', 1),
  scope: z.enum(API_KEY_SCOPES, { error: 'Scope must be "read" or "write"' }),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

export const apiKeyIdInput = z.object({ id: z.number({ error: 'API key not found' }).int('API key not found').positive('API key not found') });

export const apiKeyOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeyOutput>;

/** The answer of a create: the only time the key itself is shown. */
export const createdApiKeyOutput = apiKeyOutput.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeyOutput>;

/** The admin's list: every key with its owner, never the secret. */
export const adminApiKeyOutput = apiKeyOutput.extend({
  owner: z.object({ id: z.number().int(), username: z.string(), email: z.string() }),
});
export type AdminApiKeyDto = z.infer<typeof adminApiKeyOutput>;
