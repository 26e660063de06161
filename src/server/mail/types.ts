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

/** Sends a message and records it in the email log (pending → sent / failed). Never throws for delivery failures. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<MailResult>;
  close(): void;
}
