// API keys (docs/API.md "API keys"): `qc_` and 160 random bits, shown once; only the SHA-256 is stored. A key signs a
// request in as its user, read afresh on every request, so a changed role or a deleted account takes effect at once.
import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, desc, eq, sql } from 'drizzle-orm';
import { apiKeys, users } from '../../../db/schema';
import type { AdminApiKeyDto, ApiKeyDto, ApiKeyScope, CreateApiKeyInput, CreatedApiKey } from '../../shared/schemas/api-keys';
import { hashToken } from '../auth/tokens';
import type { SessionUser } from '../auth/session';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { perDatabase, transaction, type Db } from '../db/database';
import { NotFoundError } from '../errors';
import { apiKeyCreatedMail } from '../mail/templates/api-key-created';
import type { Mailer } from '../mail/types';
import { recordAudit, type AuditBy } from './audit';

export const API_KEY_PREFIX = 'qc_';
/** Characters of the key shown in lists: enough to tell keys apart, far too few to guess the rest. */
const SHOWN_CHARS = API_KEY_PREFIX.length + 6;
/** lastUsedAt is written at most this often per key: a script calling in a loop costs no write per call. */
const LAST_USED_STEP_MS = 60_000;
const KEY_FORM = /^qc_[a-z2-7]{32}$/;

type Row = typeof apiKeys.$inferSelect;

/** Only the listed fields leave: never the key's hash. */
function toDto({ id, name, scope, prefix, createdAt, lastUsedAt }: Row): ApiKeyDto {
  return { id, name, scope, prefix, createdAt: createdAt.toISOString(), lastUsedAt: lastUsedAt?.toISOString() ?? null };
}

/** What the audit trail keeps of a key: never the key or its hash. */
const auditView = (r: Row) => ({ name: r.name, scope: r.scope, prefix: r.prefix, userId: r.userId });

const API_KEY_CREATED_MAIL = 'api_key_created';

/** Makes a key for `owner` and mails them that it was made (its name and prefix, never the key). */
export async function createApiKey(
  services: { db: Db; clock: Clock; config: Pick<AppConfig, 'appUrl'>; mailer: Mailer },
  owner: Pick<SessionUser, 'id' | 'email' | 'firstname'>,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const { db, clock, config, mailer } = services;
  const key = API_KEY_PREFIX + encodeBase32LowerCaseNoPadding(randomBytes(20));
  const made = transaction(db, () => {
    const row = db
      .insert(apiKeys)
      .values({
        userId: owner.id,
        name: input.name,
        scope: input.scope,
        keyHash: hashToken(key),
        prefix: key.slice(0, SHOWN_CHARS),
        createdAt: clock.now(),
      })
      .returning()
      .get();
    recordAudit(db, clock, { userId: owner.id }, { entity: 'api_key', entityId: row.id, action: 'create', after: auditView(row) });
    return row;
  });
  const mail = apiKeyCreatedMail({
    firstname: owner.firstname,
    name: made.name,
    prefix: made.prefix,
    scope: made.scope,
    at: made.createdAt,
    appUrl: config.appUrl,
  });
  void mailer.send({
    type: API_KEY_CREATED_MAIL,
    to: owner.email,
    userId: owner.id,
    ...mail,
    metadata: { apiKeyId: made.id, name: made.name, prefix: made.prefix },
  });
  return { ...toDto(made), key };
}

/**
 * Every key of the user ends with their password (docs/API.md "API keys"): called inside the transaction that sets a
 * new one, beside that change's own entry, with one entry saying how many keys went (none: no entry).
 */
export function revokeAllApiKeysOf(db: Db, clock: Clock, by: AuditBy, userId: number): void {
  const revoked = db.delete(apiKeys).where(eq(apiKeys.userId, userId)).returning({ prefix: apiKeys.prefix }).all();
  if (revoked.length > 0) {
    recordAudit(db, clock, by, {
      entity: 'user',
      entityId: userId,
      action: 'api_keys_revoked',
      after: { count: revoked.length, prefixes: revoked.map((r) => r.prefix) },
    });
  }
}

export async function listOwnApiKeys(db: Db, userId: number): Promise<ApiKeyDto[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id)).all().map(toDto);
}

export async function listAllApiKeys(db: Db): Promise<AdminApiKeyDto[]> {
  return db
    .select({ key: apiKeys, username: users.username, email: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .orderBy(desc(apiKeys.id))
    .all()
    .map((r) => ({ ...toDto(r.key), owner: { id: r.key.userId, username: r.username, email: r.email } }));
}

/** Revokes a key: the owner's own (`ownerId`), or any key when `ownerId` is null (an admin). Unknown → 404. */
export async function revokeApiKey(db: Db, clock: Clock, actorId: number, id: number, ownerId: number | null): Promise<void> {
  transaction(db, () => {
    const where = ownerId === null ? eq(apiKeys.id, id) : and(eq(apiKeys.id, id), eq(apiKeys.userId, ownerId));
    const row = db.select().from(apiKeys).where(where).get();
    if (!row) throw new NotFoundError('API key not found');
    db.delete(apiKeys).where(eq(apiKeys.id, id)).run();
    recordAudit(db, clock, { userId: actorId }, { entity: 'api_key', entityId: id, action: 'delete', before: auditView(row) });
  });
}

const statementsFor = perDatabase((db: Db) => ({
  lookup: db
    .select({ id: apiKeys.id, scope: apiKeys.scope, lastUsedAt: apiKeys.lastUsedAt, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .prepare(),
  touch: db
    .update(apiKeys)
    .set({ lastUsedAt: sql`${sql.placeholder('at')}` })
    .where(eq(apiKeys.id, sql.placeholder('id')))
    .prepare(),
}));

export interface ApiKeyUse {
  id: number;
  scope: ApiKeyScope;
  user: SessionUser;
}

/** The key's id, scope and user (as the user is now), or null for an unknown or revoked key; notes its use. */
export async function useApiKey(db: Db, clock: Clock, key: string): Promise<ApiKeyUse | null> {
  if (!KEY_FORM.test(key)) return null;
  const s = statementsFor(db);
  const row = s.lookup.get({ hash: hashToken(key) });
  if (!row) return null;
  const now = clock.now().getTime();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) s.touch.run({ at: now, id: row.id });
  return { id: row.id, scope: row.scope, user: row.user };
}
