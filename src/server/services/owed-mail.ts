// Mail the product owes someone (docs/API.md "Mail the product owes"): the customer's confirmation of an acceptance
// with its PDF, the owner's notice of an answer, reminders. Each is a row of owed_mails written in the transaction of
// the change that causes it, with what is needed to build the mail again; the worker (owed-mail-worker.ts) sends it
// after the commit. So a full PDF queue or a mail server that is down only delays it, and a restart loses none.
import { owedMails } from '../../../db/schema';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { quoteReminderMail } from '../mail/templates/quote-mails';
import type { OutgoingMail } from '../mail/types';
import { renderQuotePdfOffThread } from '../pdf/render-pool';
import type { QuoteDocumentData } from '../pdf/quote-document';
import { outboxSignal } from './outbox';
import { shareUrl, tokenOf, type FrozenView } from './share-links';

/** A mail as built when it was owed: the PDF and the link's token are added when it is sent. */
type BuiltMail = Omit<OutgoingMail, 'attachments' | 'secrets'>;

/** What an owed mail keeps (its `kind` is the email log's type). No secret: a link's token is derived again to send. */
export type OwedMail =
  | { kind: 'quote_accepted' | 'quote_declined'; mail: BuiltMail }
  | { kind: 'quote_acceptance_confirmation'; mail: BuiltMail; pdf: { fileName: string; document: QuoteDocumentData } }
  | {
      kind: 'quote_reminder';
      to: string;
      userId: number;
      /** The link's own random value (quote_shares.nonce): with the server's secret, the token again. */
      nonce: string;
      quote: FrozenView['view'];
      validUntil: string;
      revision: number;
    };

const owed = outboxSignal();
/** The worker of a database hears of each mail owed there, after the commit. */
export const onMailOwed = owed.listen;

/**
 * Owes `mail`: call inside the transaction of the change that causes it. `key` names that cause (a second mail under
 * the same key is not written), so no cause is mailed twice.
 */
export function oweMail(db: Db, clock: Clock, key: string, mail: OwedMail): void {
  const now = clock.now();
  db.insert(owedMails)
    .values({ kind: mail.kind, key, payload: mail, status: 'pending', createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing({ target: owedMails.key })
    .run();
  owed.announce(db);
}

/** An owed mail as it goes out now: a confirmation's PDF rendered (PdfBusyError: the queue is full), a reminder's link derived. */
export async function messageOf(config: AppConfig, m: OwedMail): Promise<OutgoingMail> {
  switch (m.kind) {
    case 'quote_accepted':
    case 'quote_declined':
      return m.mail;
    case 'quote_acceptance_confirmation': {
      // the document was kept as JSON: its date is a string again
      const pdf = await renderQuotePdfOffThread({ ...m.pdf.document, date: new Date(m.pdf.document.date) });
      return { ...m.mail, attachments: [{ filename: m.pdf.fileName, content: Buffer.from(pdf), contentType: 'application/pdf' }] };
    }
    case 'quote_reminder': {
      const token = tokenOf(config, m.nonce);
      const v = m.quote;
      return {
        type: 'quote_reminder',
        to: m.to,
        userId: m.userId,
        fromName: v.seller.name,
        replyTo: v.preparedBy.email ?? undefined,
        ...quoteReminderMail({ quote: v, validUntil: m.validUntil, url: shareUrl(config, token) }),
        secrets: [token],
        metadata: { quoteNumber: v.number, revision: m.revision },
      };
    }
  }
}
