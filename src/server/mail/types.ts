export interface OutgoingMail {
  /** e.g. 'password_reset' */
  type: string;
  to: string;
  cc?: string[];
  /** The sender's display name (the seller), with MAIL_FROM's address. */
  fromName?: string;
  /** Where the customer's reply goes: the quote's owner. */
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  userId?: number | null;
  subject: string;
  html: string;
  text: string;
  metadata?: Record<string, unknown>;
  /**
   * Values that must exist only in the message as sent (a reset link's token): the email log stores and answers the
   * HTML with each replaced by `••••`.
   */
  secrets?: string[];
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
  /**
   * Runs `task` after the current request has been answered (setImmediate), so that what it costs cannot be timed
   * by the caller (a reset request for a known address answers as fast as one for an unknown). Failures are logged.
   */
  defer(task: () => void | Promise<unknown>): void;
  /** Resolves when every deferred task and every delivery started so far has finished (for shutdown and tests). */
  idle(): Promise<void>;
  close(): void;
}
