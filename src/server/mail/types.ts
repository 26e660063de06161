export interface OutgoingMail {
  /** e.g. 'password_reset' */
  type: string;
  to: string;
  userId?: number | null;
  subject: string;
  html: string;
  text: string;
  metadata?: Record<string, unknown>;
}

export interface MailResult {
  logId: number;
  status: 'sent' | 'failed';
}

/**
 * Sends a message and records it in the email log (pending → sent / failed). Never throws or rejects for delivery
 * failures. The log row is written synchronously, before `send` first yields, so a caller that does not wait for
 * delivery still finds the message in the log at once.
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<MailResult>;
  /** Resolves when every delivery started so far has finished (for shutdown and tests). */
  idle(): Promise<void>;
  close(): void;
}
