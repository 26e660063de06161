// Delivery through nodemailer: SMTP when SMTP_URL is set, otherwise each message becomes an .eml file in OUTBOX_DIR
// (a local deployment works with no mail server). Every message is written to the email log first.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { emailLogs } from '../../../db/schema';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../db/private-files';
import { logger } from '../logging';
import type { Mailer, MailResult, OutgoingMail } from './types';

export const MASK = '••••';

/** The HTML as the email log keeps it: every secret (a reset token) replaced by `••••`. */
export function maskSecrets(html: string, secrets: readonly string[] = []): string {
  let out = html;
  for (const secret of secrets) if (secret !== '') out = out.split(secret).join(MASK);
  return out;
}

/** The bare address of MAIL_FROM ("Quote Configurator <no-reply@x>" → "no-reply@x"), to send under another name. */
function addressOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

export function createMailer(db: Db, config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'outboxDir'>, clock: Clock): Mailer {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const inFlight = new Set<Promise<unknown>>();

  async function deliver(mail: OutgoingMail, logId: number): Promise<void> {
    const info = await transport.sendMail({
      from: mail.fromName ? { name: mail.fromName, address: addressOf(config.mailFrom) } : config.mailFrom,
      to: mail.to,
      cc: mail.cc && mail.cc.length > 0 ? mail.cc : undefined,
      replyTo: mail.replyTo,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
    });
    if (!config.smtpUrl) {
      // reset and share links are in these files: the server's user alone reads them
      fs.mkdirSync(config.outboxDir, { recursive: true, mode: PRIVATE_FOLDER });
      const file = path.join(config.outboxDir, `${clock.now().getTime()}-${logId}.eml`);
      fs.writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: PRIVATE_FILE });
    }
  }

  /** Records the outcome; if the database is gone meanwhile (shutdown), the outcome is only printed. */
  function settle(logId: number, changes: Partial<typeof emailLogs.$inferInsert>): void {
    try {
      db.update(emailLogs).set(changes).where(eq(emailLogs.id, logId)).run();
    } catch (error) {
      logger.error({ err: error, emailLogId: logId }, 'mail: could not record the outcome of an email log');
    }
  }

  async function deliverAndRecord(mail: OutgoingMail, logId: number): Promise<MailResult> {
    try {
      await deliver(mail, logId);
      settle(logId, { status: 'sent', sentAt: clock.now() });
      return { logId, status: 'sent' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      settle(logId, { status: 'failed', error: message });
      return { logId, status: 'failed' };
    }
  }

  return {
    send(mail: OutgoingMail): Promise<MailResult> {
      const log = db
        .insert(emailLogs)
        .values({
          createdAt: clock.now(),
          to: mail.to,
          userId: mail.userId ?? null,
          type: mail.type,
          subject: mail.subject,
          status: 'pending',
          metadata: {
            ...(mail.metadata ?? {}),
            ...(mail.cc && mail.cc.length > 0 ? { cc: mail.cc } : {}),
            ...(mail.attachments ? { attachments: mail.attachments.map((a) => a.filename) } : {}),
          },
          content: maskSecrets(mail.html, mail.secrets),
        })
        .returning({ id: emailLogs.id })
        .get();
      const result = deliverAndRecord(mail, log.id);
      inFlight.add(result);
      void result.finally(() => inFlight.delete(result));
      return result;
    },
    defer(task) {
      const done = new Promise<void>((resolve) => {
        setImmediate(() => {
          Promise.resolve()
            .then(task)
            .catch((error: unknown) => console.error('[mail] a deferred mail task failed', error))
            .finally(resolve);
        });
      });
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    },
    async idle() {
      // A deferred task may start a delivery: wait until nothing is left.
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close() {
      transport.close();
    },
  };
}
