// The email log as the admin's Email Logs tab reads it (docs/PRODUCT.md "The admin area").
import { and, desc, eq, like, not } from 'drizzle-orm';
import { emailLogs, users } from '../../../db/schema';
import { transaction, type Db } from '../db/database';
import type { EmailLogDto } from '../../shared/schemas/email-logs';

/** Newest first. */
export async function listEmailLogs(db: Db): Promise<EmailLogDto[]> {
  return db
    .select({
      log: emailLogs,
      user: { firstname: users.firstname, lastname: users.lastname, companyName: users.companyName, username: users.username },
    })
    .from(emailLogs)
    .leftJoin(users, eq(users.id, emailLogs.userId))
    .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
    .all()
    .map(({ log, user }) => ({
      id: log.id,
      createdAt: log.createdAt.toISOString(),
      sentAt: log.sentAt ? log.sentAt.toISOString() : null,
      to: log.to,
      type: log.type,
      subject: log.subject,
      status: log.status,
      error: log.error,
      metadata: log.metadata ?? null,
      content: log.content,
      user,
    }));
}

/**
 * Masks any reset link still stored unmasked in the mail log (a database from an older version may hold some): run
 * at start, so a database (and its later backups) stops holding live tokens. Answers how many rows were changed.
 */
export async function maskStoredResetLinks(db: Db): Promise<number> {
  const rows = db
    .select({ id: emailLogs.id, content: emailLogs.content })
    .from(emailLogs)
    .where(
      and(eq(emailLogs.type, 'password_reset'), like(emailLogs.content, '%reset-password?token=%'), not(like(emailLogs.content, '%token=••••%'))),
    )
    .all();
  transaction(db, () => {
    for (const r of rows) {
      const masked = r.content.replace(/(reset-password\?token=)[^"'<\s&]+/g, '$1••••');
      db.update(emailLogs).set({ content: masked }).where(eq(emailLogs.id, r.id)).run();
    }
  });
  return rows.length;
}
