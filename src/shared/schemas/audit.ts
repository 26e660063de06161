// The audit trail's query and entry (docs/PRODUCT.md "Audit trail"): GET /api/admin/audit and the Activity tab.
import { z } from 'zod';
import { anyValue, int, when } from './answer-fields';

export const AUDIT_LIMIT_MAX = 500;

export const auditMessages = {
  page: 'Page must be a whole number of 1 or more',
  limit: `Limit must be a whole number from 1 to ${AUDIT_LIMIT_MAX}`,
  userId: 'User id must be a whole number',
  date: 'From and to must be dates (YYYY-MM-DD) or timestamps',
  text: 'Entity and action must be at most 50 characters',
} as const;
const m = auditMessages;

const whole = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const dateOrTimestamp = z
  .string({ error: m.date })
  .trim()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(new Date(v.length === 10 ? `${v}T00:00:00Z` : v).getTime()),
    m.date,
  );

const emptyIsAbsent = (v: unknown) => (v === '' ? undefined : v);

export const auditQueryInput = z.object({
  entity: z.preprocess(emptyIsAbsent, z.string().trim().max(50, m.text).optional()),
  action: z.preprocess(emptyIsAbsent, z.string().trim().max(50, m.text).optional()),
  userId: z.preprocess(emptyIsAbsent, whole(0, Number.MAX_SAFE_INTEGER, m.userId).optional()),
  from: z.preprocess(emptyIsAbsent, dateOrTimestamp.optional()),
  to: z.preprocess(emptyIsAbsent, dateOrTimestamp.optional()),
  page: z.preprocess(emptyIsAbsent, whole(1, 1_000_000, m.page).optional()),
  limit: z.preprocess(emptyIsAbsent, whole(1, AUDIT_LIMIT_MAX, m.limit).optional()),
});
export type AuditQuery = z.infer<typeof auditQueryInput>;

export const auditEntryOutput = z.object({
  id: int(),
  at: when(),
  /** null: the customer (through a share link). */
  userId: int().nullable(),
  actor: z.string(),
  entity: z.string(),
  entityId: int().nullable(),
  action: z.string(),
  before: anyValue(),
  after: anyValue(),
});
export type AuditEntry = z.infer<typeof auditEntryOutput>;

/** One quote's timeline, paged like the audit list: `page` from 1, `limit` default 50 and at most AUDIT_LIMIT_MAX. */
export const activityQueryInput = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Configuration not found' })
      .int('Configuration not found')
      .min(1, 'Configuration not found')
      .max(Number.MAX_SAFE_INTEGER, 'Configuration not found'),
  ),
  page: z.preprocess(emptyIsAbsent, whole(1, 1_000_000, m.page).optional()),
  limit: z.preprocess(emptyIsAbsent, whole(1, AUDIT_LIMIT_MAX, m.limit).optional()),
});

/** A page of entries and how many match in all (REST: X-Total-Count). */
export const auditPageOutput = z.object({ items: z.array(auditEntryOutput), total: int() });
export type AuditPage = z.infer<typeof auditPageOutput>;
/** The admin's page also names the quotes on it (by id), which the REST door leaves out with the total. */
export const adminAuditPageOutput = auditPageOutput.extend({ quoteNumbers: z.record(z.string(), z.string()) });
/** The export as the tRPC door answers it: the file's name and type (GET /api/admin/audit.csv streams `chunks`). */
export const auditCsvOutput = z.object({
  fileName: z.string(),
  contentType: z.string(),
  chunks: z.custom<() => AsyncGenerator<string>>((v) => typeof v === 'function'),
});
