// What the Email Logs tab shows of a log entry (docs/PRODUCT.md "The admin area"): the status badge, the recipient, one page of 10.
export type EmailStatus = 'sent' | 'pending' | 'failed';

export const EMAIL_LOGS_PAGE_SIZE = 10;

const badges: Record<EmailStatus, { label: string; colorPalette: 'green' | 'yellow' | 'red' }> = {
  sent: { label: 'Sent', colorPalette: 'green' },
  pending: { label: 'Pending', colorPalette: 'yellow' },
  failed: { label: 'Failed', colorPalette: 'red' },
};

export function statusBadge(status: EmailStatus): { label: string; colorPalette: 'green' | 'yellow' | 'red' } {
  return badges[status];
}

export interface LogRecipient {
  to: string;
  user: { firstname: string; lastname: string; username: string } | null;
}

/** "Name <address>" parts when a user is linked (name falls back to the username), else just the address. */
export function recipientOf(log: LogRecipient): { name: string | null; address: string } {
  if (!log.user) return { name: null, address: log.to };
  const name = `${log.user.firstname} ${log.user.lastname}`.trim() || log.user.username;
  return { name, address: log.to };
}

export function pageOf<T>(items: readonly T[], page: number, pageSize = EMAIL_LOGS_PAGE_SIZE): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

/** Metadata as formatted JSON for the details dialog. */
export function formatMetadata(metadata: unknown): string {
  return metadata == null ? 'None' : JSON.stringify(metadata, null, 2);
}

const MAIL_TYPES: Record<string, string> = {
  password_reset: 'Password reset',
  api_key_created: 'API key created',
  quote_accepted: 'Quote accepted',
  quote_declined: 'Quote declined',
};

/** A mail's kind in words ("quote_declined" → "Quote declined"); an unknown kind is spelled out the same way. */
export function mailTypeLabel(type: string): string {
  const known = MAIL_TYPES[type];
  if (known) return known;
  const words = type.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
