// Sends the mail the product owes (owed-mail.ts) after each commit, in the process that serves the app, as the
// webhook dispatcher sends its deliveries: due rows in order, a few at a time, the waits of outbox.ts after a failed
// try, a look every half minute for rows written by another process. A row is claimed (`sending`) before its try and
// marked after it, so two looks never send it twice; a PDF queue that is full is no failure of the mail: the row
// waits for the queue's Retry-After. Each try goes through the mailer, so each delivery is in the email log.
// At start the worker takes back the rows a previous run had claimed and not marked: a process that stopped between
// the mail server's acceptance and the mark is the one case in which a mail goes twice (docs/API.md
// "Mail the product owes").
import { and, asc, eq, inArray, isNotNull, lt, lte, min } from 'drizzle-orm';
import { emailLogs, owedMails, users } from '../../../db/schema';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { RetryLaterError } from '../errors';
import { logger } from '../logging';
import type { Mailer } from '../mail/types';
import { hourlyPruning, nextTryAt, outboxLoop, retentionCutoff, type OutboxLoop, type OutboxWorker } from './outbox';
import { messageOf, onMailOwed, type OwedMail } from './owed-mail';

/** The first wait after a failed try; the later ones grow from it (outbox.ts RETRY_FACTORS). */
const MAIL_RETRY_BASE_MS = 60_000;
/** Mails tried at once: each confirmation takes one place in the PDF queue, and users' downloads need the rest. */
const PARALLEL = 2;
/** How often the table is looked at when nothing was announced (a commit by another process, e.g. a script). */
const IDLE_LOOK_MS = 30_000;
const ERROR_MAX = 200;
/** Days a sent or finally failed mail is kept as a row: the email log keeps every delivery beyond that. */
export const OWED_MAIL_RETENTION_DAYS = 30;

/**
 * Deletes the sent and finally failed rows whose last try is more than `retentionDays` old; answers how many. A pending
 * or claimed row stays whatever its age. Deleting a row cannot let its cause be mailed again: every cause is owed once
 * by its own change (an answer, a link's reminder mark), not by the row's key alone.
 */
export async function pruneOwedMails(db: Db, now: Date, retentionDays: number = OWED_MAIL_RETENTION_DAYS): Promise<number> {
  const before = retentionCutoff(now, retentionDays);
  return db
    .delete(owedMails)
    .where(and(inArray(owedMails.status, ['sent', 'failed']), lt(owedMails.lastAttemptAt, before)))
    .run().changes;
}

export type OwedMailWorker = OutboxWorker;

export interface OwedMailOptions {
  db: Db;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  retryBaseMs?: number;
}

type Outcome = { sent: true } | { busyMs: number; error: string } | { error: string };

export function startOwedMailWorker(options: OwedMailOptions): OwedMailWorker {
  const { db, clock, config, mailer } = options;
  const retryBaseMs = options.retryBaseMs ?? MAIL_RETRY_BASE_MS;

  // One worker per database: what is still claimed now was claimed by a run that has ended.
  db.update(owedMails).set({ status: 'pending', nextAttemptAt: clock.now() }).where(eq(owedMails.status, 'sending')).run();

  const due = () =>
    db
      .select()
      .from(owedMails)
      .where(and(eq(owedMails.status, 'pending'), lte(owedMails.nextAttemptAt, clock.now())))
      .orderBy(asc(owedMails.nextAttemptAt), asc(owedMails.id))
      .limit(PARALLEL * 4)
      .all();

  const nextDue = (): number | null => {
    const row = db
      .select({ at: min(owedMails.nextAttemptAt) })
      .from(owedMails)
      .where(and(eq(owedMails.status, 'pending'), isNotNull(owedMails.nextAttemptAt)))
      .get();
    return row?.at ? new Date(row.at).getTime() : null;
  };

  /** Claims the row: false when another look has it (or it is no longer pending). */
  const claim = (id: number) =>
    db
      .update(owedMails)
      .set({ status: 'sending', lastAttemptAt: clock.now() })
      .where(and(eq(owedMails.id, id), eq(owedMails.status, 'pending')))
      .run().changes === 1;

  /** The message, linked to its account only while that account exists (the log's user is a foreign key). */
  async function message(payload: OwedMail) {
    const m = await messageOf(config, payload);
    if (m.userId == null) return m;
    const exists = db.select({ id: users.id }).from(users).where(eq(users.id, m.userId)).get();
    return exists ? m : { ...m, userId: null };
  }

  async function tryOnce(row: ReturnType<typeof due>[number]): Promise<Outcome> {
    try {
      const result = await mailer.send(await message(row.payload as OwedMail));
      if (result.status === 'sent') return { sent: true };
      const logged = db.select({ error: emailLogs.error }).from(emailLogs).where(eq(emailLogs.id, result.logId)).get();
      return { error: logged?.error ?? 'The mail could not be delivered' };
    } catch (error) {
      const text = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
      return error instanceof RetryLaterError ? { busyMs: error.retryAfterSeconds * 1000, error: text } : { error: text };
    }
  }

  function record(row: ReturnType<typeof due>[number], outcome: Outcome, loop: OutboxLoop): void {
    const now = clock.now();
    let changes: Partial<typeof owedMails.$inferInsert>;
    if ('sent' in outcome) changes = { status: 'sent', sentAt: now, lastError: null, nextAttemptAt: null };
    else if ('busyMs' in outcome) changes = { status: 'pending', lastError: outcome.error, nextAttemptAt: new Date(now.getTime() + outcome.busyMs) };
    else {
      const attempts = row.attempts + 1;
      const next = nextTryAt(now, attempts, retryBaseMs);
      changes = { status: next ? 'pending' : 'failed', attempts, lastError: outcome.error, nextAttemptAt: next };
      if (!next) logger.error({ owedMailId: row.id, kind: row.kind, attempts }, 'owed mail: the last try failed');
    }
    try {
      db.update(owedMails).set(changes).where(eq(owedMails.id, row.id)).run();
    } catch (error) {
      // The database was closed under a stopping worker: the row stays claimed and is taken back at the next start.
      if (!loop.stopped) logger.error({ err: error, owedMailId: row.id }, 'owed mail: could not record the outcome');
    }
  }

  async function send(row: ReturnType<typeof due>[number], loop: OutboxLoop): Promise<void> {
    if (!claim(row.id)) return;
    record(row, await tryOnce(row), loop);
  }

  const pruneWhenDue = hourlyPruning(clock, 'owed mail', OWED_MAIL_RETENTION_DAYS, (now) => pruneOwedMails(db, now));

  function lookOnce(loop: OutboxLoop): void {
    let rows: ReturnType<typeof due>;
    pruneWhenDue();
    try {
      rows = due();
    } catch (error) {
      if (!loop.stopped) logger.error({ err: error }, 'owed mail: could not read what is owed');
      loop.schedule(IDLE_LOOK_MS);
      return;
    }
    for (const row of rows) {
      if (loop.inFlight.size >= PARALLEL) break;
      if (loop.inFlight.has(row.id)) continue;
      loop.start(
        row.id,
        send(row, loop).catch((error: unknown) => {
          if (!loop.stopped) logger.error({ err: error, owedMailId: row.id }, 'owed mail: a try failed');
        }),
      );
    }
    if (loop.inFlight.size > 0) return;
    const next = nextDue();
    if (next === null || next > clock.now().getTime()) loop.settled();
    if (next === null) loop.schedule(IDLE_LOOK_MS);
    else loop.schedule(Math.min(IDLE_LOOK_MS, Math.max(0, next - clock.now().getTime())));
  }

  return outboxLoop((wake) => onMailOwed(db, wake), lookOnce);
}
