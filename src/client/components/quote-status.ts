// How a quote's status reads on every screen (docs/PRODUCT.md "Saved quotes"), and the moves a person may make from each one. Pure: the
// lists, the calculator and the admin details share it; tested without a DOM.
import { optionsOf, QUOTE_STATUS_LABELS } from '../../shared/labels';
import { QUOTE_STATUS_FILTERS, type QuoteStatus, type QuoteStatusFilter } from '../../shared/value-sets';

export type ShownStatus = QuoteStatus | 'expired';

/** An expired quote shows as Expired (its status is still draft or sent underneath). */
export function shownStatus(q: { status: QuoteStatus; expired: boolean }): ShownStatus {
  return q.expired ? 'expired' : q.status;
}

export const STATUS_LABEL: Record<ShownStatus, string> = QUOTE_STATUS_LABELS;

export const STATUS_PALETTE: Record<ShownStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'orange',
};

/** The moves the server allows, with what the button says. */
export function statusActions(status: QuoteStatus): { to: QuoteStatus; label: string }[] {
  switch (status) {
    case 'draft':
      return [{ to: 'sent', label: 'Mark as sent' }];
    case 'sent':
      return [
        { to: 'accepted', label: 'Mark as accepted' },
        { to: 'declined', label: 'Mark as declined' },
        { to: 'draft', label: 'Back to draft' },
      ];
    case 'declined':
      return [{ to: 'draft', label: 'Back to draft' }];
    case 'accepted':
      return [];
  }
}

export const STATUS_FILTER_OPTIONS: { value: QuoteStatusFilter | ''; label: string }[] = [
  { value: '', label: 'All statuses' },
  ...optionsOf(QUOTE_STATUS_FILTERS, QUOTE_STATUS_LABELS),
];

/** "2026-03-31" → "31 Mar 2026" (a calendar day: no time zone moves it). */
export function formatValidUntil(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/** What a copy's notice says: each total that moved against its source, or that none did. */
export function changedTotals(
  source: { totalMonthly: string; setupFees: string; tcv: string },
  copy: { totalMonthly: string; setupFees: string; tcv: string },
  euro: (amount: string) => string,
): string[] {
  const rows: [string, keyof typeof source][] = [
    ['Monthly total', 'totalMonthly'],
    ['Setup fees', 'setupFees'],
    ['Contract value', 'tcv'],
  ];
  return rows.filter(([, k]) => source[k] !== copy[k]).map(([label, k]) => `${label}: ${euro(source[k])} → ${euro(copy[k])}`);
}

/** Whether a quote names who it is for (company, contact or address): sharing or marking it sent asks first. */
export function hasCustomer(q: { customerCompany?: string | null; customerName?: string | null; customerEmail?: string | null }): boolean {
  return [q.customerCompany, q.customerName, q.customerEmail].some((v) => typeof v === 'string' && v.trim() !== '');
}
