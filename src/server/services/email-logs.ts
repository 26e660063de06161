// The email log as the admin's Email Logs tab reads it (seed 001 §2, §3).
import { desc, eq } from 'drizzle-orm';
import { emailLogs, users } from '../../../db/schema';
import type { Db } from '../db';

export interface EmailLogDto {
  id: number;
  createdAt: string;
  sentAt: string | null;
  to: string;
  type: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed';
  error: string | null;
  metadata: Record<string, unknown> | null;
  /** The HTML part as sent. */
  content: string;
  /** The linked account, if it still exists. */
  user: { firstname: string; lastname: string; companyName: string; username: string } | null;
}

/** Newest first. */
export function listEmailLogs(db: Db): EmailLogDto[] {
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
