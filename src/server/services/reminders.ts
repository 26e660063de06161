// Reminders (docs/API.md "Sending a quote"): a sent quote with no answer gets one mail, QUOTE_REMINDER_DAYS before it
// expires, to the address it was last sent to, with the same link. The reminder is recorded on the link in its own
// transaction before the mail goes out, so a restart or a second scan never sends it twice (a crash between the two
// loses that one reminder rather than doubling it).
import { and, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { configurations, quoteShares } from '../../../db/schema';
import { addDays } from '../../shared/quote-dates';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { transaction, type Db } from '../db/database';
import { logger } from '../logging';
import { quoteReminderMail } from '../mail/templates/quote-mails';
import type { Mailer } from '../mail/types';
import { recordAudit } from './audit';
import { todayOf } from './configurations';
import { liveLinkOfQuote } from './quote-share';
import { shareUrl, tokenOf } from './share-links';

interface ReminderContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
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

/** Sends every reminder that is due; answers how many went out. */
export async function sendDueReminders(ctx: ReminderContext): Promise<number> {
  const { db, clock, config, mailer } = ctx;
  if (config.quoteReminderDays === 0) return 0;
  const today = todayOf(clock);
  let sent = 0;
  for (const due of dueLinks(db, today, addDays(today, config.quoteReminderDays))) {
    const claimed = transaction(db, () => {
      const changed = db
        .update(quoteShares)
        .set({ remindedAt: clock.now() })
        .where(and(eq(quoteShares.tokenHash, due.tokenHash), isNull(quoteShares.remindedAt)))
        .run().changes;
      const link = changed === 1 ? liveLinkOfQuote(db, due.configurationId) : null;
      if (link?.sentTo) {
        recordAudit(db, clock, { customer: 'System' }, { entity: 'quote', entityId: due.configurationId, action: 'reminder_sent', after: { to: link.sentTo, revision: link.revision } });
      }
      return link;
    });
    if (!claimed?.sentTo || !claimed.nonce) continue;
    const token = tokenOf(config, claimed.nonce);
    const v = claimed.frozen.view;
    await mailer.send({
      type: 'quote_reminder',
      to: claimed.sentTo,
      userId: claimed.quote.userId,
      fromName: v.seller.name,
      replyTo: v.preparedBy.email ?? undefined,
      ...quoteReminderMail({ quote: v, validUntil: claimed.quote.validUntil, url: shareUrl(config, token) }),
      secrets: [token],
      metadata: { quoteNumber: v.number, revision: claimed.revision },
    });
    sent++;
  }
  return sent;
}

/** Looks every REMINDER_SCAN_MS (and once at start); one scan at a time. `stop` waits for a scan in progress. */
export function startReminders(ctx: ReminderContext): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const scan = () => {
    if (running) return;
    running = sendDueReminders(ctx)
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
