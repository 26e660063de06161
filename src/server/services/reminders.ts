// Reminders (docs/API.md "Sending a quote"): a sent quote with no answer gets one mail, QUOTE_REMINDER_DAYS before it
// expires, to the address it was last sent to, with the same link. The reminder is recorded on the link and owed
// (owed-mail.ts) in one transaction, so a restart or a second scan never owes it twice, and a mail server that is down
// only delays it.
import { and, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { configurations, quoteShares } from '../../../db/schema';
import { addDays } from '../../shared/quote-dates';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { transaction, type Db } from '../db/database';
import { logger } from '../logging';
import { recordAudit } from './audit';
import { todayOf } from './configurations';
import { oweMail } from './owed-mail';
import { liveLinkOfQuote } from './quote-share';

interface ReminderContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
}

/** The links due a reminder now: live, mailed, not reminded, the quote sent at the link's revision and expiring soon. */
function dueLinks(db: Db, today: string, lastDay: string): { tokenHash: string; configurationId: number }[] {
  return db
    .select({ tokenHash: quoteShares.tokenHash, configurationId: quoteShares.configurationId })
    .from(quoteShares)
    .innerJoin(configurations, eq(configurations.id, quoteShares.configurationId))
    .where(
      and(
        isNull(quoteShares.revokedAt),
        isNull(quoteShares.remindedAt),
        isNotNull(quoteShares.sentTo),
        isNotNull(quoteShares.nonce),
        eq(configurations.status, 'sent'),
        eq(configurations.revision, quoteShares.revision),
        gte(configurations.validUntil, today),
        lte(configurations.validUntil, lastDay),
      ),
    )
    .orderBy(sql`${configurations.validUntil}`)
    .all();
}

/** Owes every reminder that is due (the owed-mail worker sends them); answers how many. */
export async function oweDueReminders(ctx: ReminderContext): Promise<number> {
  const { db, clock, config } = ctx;
  if (config.quoteReminderDays === 0) return 0;
  const today = todayOf(clock);
  let owed = 0;
  for (const due of dueLinks(db, today, addDays(today, config.quoteReminderDays))) {
    const claimed = transaction(db, () => {
      const changed = db
        .update(quoteShares)
        .set({ remindedAt: clock.now() })
        .where(and(eq(quoteShares.tokenHash, due.tokenHash), isNull(quoteShares.remindedAt)))
        .run().changes;
      const link = changed === 1 ? liveLinkOfQuote(db, due.configurationId) : null;
      if (!link?.sentTo || !link.nonce) return false;
      recordAudit(
        db,
        clock,
        { customer: 'System' },
        { entity: 'quote', entityId: due.configurationId, action: 'reminder_sent', after: { to: link.sentTo, revision: link.revision } },
      );
      oweMail(db, clock, `quote_reminder:${link.tokenHash}`, {
        kind: 'quote_reminder',
        to: link.sentTo,
        userId: link.quote.userId,
        nonce: link.nonce,
        quote: link.frozen.view,
        validUntil: link.quote.validUntil,
        revision: link.revision,
      });
      return true;
    });
    if (claimed) owed++;
  }
  return owed;
}

/** Looks every REMINDER_SCAN_MS (and once at start); one scan at a time. `stop` waits for a scan in progress. */
export function startReminders(ctx: ReminderContext): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const scan = () => {
    if (running) return;
    running = Promise.resolve()
      .then(() => oweDueReminders(ctx))
      .catch((error: unknown) => logger.error({ err: error }, 'reminders: a scan failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(scan, ctx.config.reminderScanMs);
  timer.unref();
  setImmediate(scan);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
