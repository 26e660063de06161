// "Send" (docs/API.md "Sending a quote"): the quote mailed to its customer from the app, with the seller's name as
// sender, the owner as reply-to, the message, figures, validity, the link and the PDF attached. Sending again reuses
// the live link while it still shows the current revision; otherwise it shares again (the old link revoked). The
// link's token is masked in the email log, as reset tokens are: it exists only in the sent mail.
import { ConflictError, ForbiddenError, InvalidInputError, RetryLaterError } from '../errors';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { auditLog, quoteShares } from '../../../db/schema';
import { endOfAmsterdamDay } from '../../shared/quote-dates';
import { configurationMessages, sendLimitMessage } from '../../shared/schemas/configuration';
import type { z } from 'zod';
import type { sendInput } from '../../shared/schemas/share';
import type { SendResult } from '../../shared/schemas/share';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { transaction, type Db } from '../db/database';
import { quoteSentMail, type QuoteMail } from '../mail/templates/quote-mails';
import type { Mailer } from '../mail/types';
import { renderQuotePdfOffThread } from '../pdf/render-pool';
import { recordAudit } from './audit';
import type { Actor } from '../auth/session';
import type { ConfigurationDetailDto } from '../../shared/schemas/configuration-output';
import { assertMeetsMinimum, readableConfiguration, moveStatus, notFound, todayOf } from './configurations';
import { catalogSnapshot } from './catalog-cache';
import { findUserById } from './users';
import { linkDocument, liveLinkOfQuote } from './quote-share';
import { freeze, makeLink, shareUrl, snapshotParts, tokenOf } from './share-links';

type Send = z.output<typeof sendInput>;

interface SendContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
}

function checkSendable(db: Db, clock: Clock, actor: Actor, id: number, to: string | null): { quote: ConfigurationDetailDto; to: string } {
  const quote = readableConfiguration(db, clock, actor, id);
  if (quote.status === 'accepted' || quote.status === 'declined') throw new ConflictError(configurationMessages.sendAnswered);
  if (quote.validUntil < todayOf(clock)) throw new ConflictError(configurationMessages.shareExpired);
  assertMeetsMinimum(catalogSnapshot(db).pricing, quote);
  const recipient = to ?? quote.customerEmail;
  if (!recipient) throw new InvalidInputError(configurationMessages.sendNoRecipient);
  return { quote, to: recipient };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Who may mail customers (docs/API.md "Sending a quote"): a verified account, at most SEND_LIMIT_PER_HOUR times in
 * any hour. The sends are counted from their audit entries, written in the send's own transaction: parallel sends
 * cannot all slip under the limit, a restart does not reset it, and reminders (not the account's) do not count.
 */
function assertMaySend(db: Db, clock: Clock, config: AppConfig, actor: Actor): void {
  if (!findUserById(db, actor.id)?.emailVerifiedAt) throw new ForbiddenError(configurationMessages.sendUnverified);
  const limit = config.sendLimitPerHour;
  if (limit <= 0) return;
  const now = clock.now().getTime();
  const sends = db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.userId, actor.id), gt(auditLog.at, new Date(now - HOUR_MS)), eq(auditLog.entity, 'quote'), eq(auditLog.action, 'sent')))
    .orderBy(asc(auditLog.at))
    .all();
  if (sends.length < limit) return;
  // Open again when the oldest send that keeps the count at the limit leaves the window.
  const seconds = (sends[sends.length - limit]!.at.getTime() + HOUR_MS - now) / 1000;
  throw new RetryLaterError(sendLimitMessage(limit, Math.max(1, Math.ceil(seconds / 60))), seconds);
}

/** The live link when it still shows the quote's current revision (and can be shown again): the customer keeps it. */
function reusableLink(db: Db, config: AppConfig, quote: ConfigurationDetailDto): { token: string } | null {
  const live = liveLinkOfQuote(db, quote.id);
  if (!live || live.revision !== quote.revision || live.nonce === null) return null;
  return { token: tokenOf(config, live.nonce) };
}

/** POST /api/configurations/{id}/send (owner or admin). */
export async function sendQuote(ctx: SendContext, actor: Actor, input: Send): Promise<SendResult> {
  const { db, clock, config, mailer } = ctx;
  const made = transaction(db, () => {
    assertMaySend(db, clock, config, actor);
    const { quote, to } = checkSendable(db, clock, actor, input.id, input.to);
    const reused = reusableLink(db, config, quote);
    let token: string;
    if (reused) {
      token = reused.token;
      if (quote.status === 'draft') moveStatus(db, clock, actor, quote.id, 'draft', 'sent');
    } else {
      token = makeLink(db, clock, config, actor, quote.id).token;
    }
    db.update(quoteShares)
      .set({ sentTo: to })
      .where(and(eq(quoteShares.configurationId, quote.id), isNull(quoteShares.revokedAt)))
      .run();
    recordAudit(
      db,
      clock,
      { userId: actor.id },
      {
        entity: 'quote',
        entityId: quote.id,
        action: 'sent',
        after: { to, cc: input.cc, revision: quote.revision, link: reused ? 'reused' : 'new' },
      },
    );
    return { to, token, link: reused ? ('reused' as const) : ('new' as const) };
  });
  const link = liveLinkOfQuote(db, input.id);
  if (!link) throw notFound();
  const doc = linkDocument(link, todayOf(clock));
  const pdf = await renderQuotePdfOffThread(doc.document);
  const url = shareUrl(config, made.token);
  const v = link.frozen.view;
  const { lines } = snapshotParts(link.frozen.pdf.quote);
  const mail = quoteSentMail({ quote: v, lines, validUntil: link.quote.validUntil, url, message: input.message });
  const result = await mailer.send({
    type: 'quote_sent',
    to: made.to,
    cc: input.cc,
    userId: actor.id,
    fromName: v.seller.name,
    replyTo: v.preparedBy.email ?? undefined,
    ...mail,
    attachments: [{ filename: doc.fileName, content: Buffer.from(pdf), contentType: 'application/pdf' }],
    secrets: [made.token],
    metadata: { quoteNumber: v.number, revision: link.revision },
  });
  return {
    to: made.to,
    cc: input.cc,
    url,
    expiresAt: endOfAmsterdamDay(link.quote.validUntil).toISOString(),
    revision: link.revision,
    link: made.link,
    delivered: result.status === 'sent',
  };
}

/** What the Send dialog previews: the mail as it would go out now (the link shown as it will be). */
export async function sendPreview(
  ctx: Omit<SendContext, 'mailer'>,
  actor: Actor,
  input: Send,
): Promise<QuoteMail & { to: string | null; from: string }> {
  const { db, clock, config } = ctx;
  const quote = readableConfiguration(db, clock, actor, input.id);
  const reused = reusableLink(db, config, quote);
  const view = freeze(db, config, quote).view;
  const url = reused ? shareUrl(config, reused.token) : `${config.appUrl}/q/…`;
  return {
    ...quoteSentMail({ quote: view, lines: snapshotParts(quote.snapshot).lines, validUntil: quote.validUntil, url, message: input.message }),
    to: input.to ?? quote.customerEmail,
    from: view.seller.name,
  };
}
