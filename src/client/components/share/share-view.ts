// What the share dialog, the acceptance line and a quote's timeline say; pure, tested without a DOM.
import type { AuditEntry } from '../../../shared/schemas/audit';
import { formatAmsterdamTime as when, formatCount } from '../../lib/format';

interface Answered {
  acceptance: { name: string; email: string; at: string; revision: number } | null;
  decline: { at: string; reason: string | null } | null;
}

/** "Viewed 3 times, last 26 Nov 2026, 14:02 CET": how often the customer read the quote through its links. */
export function viewsLine(views: { count: number; lastAt: string | null }): string {
  if (views.count === 0 || views.lastAt === null) return 'Not viewed yet';
  if (views.count === 1) return `Viewed once, ${when(views.lastAt)}`;
  return `Viewed ${formatCount(views.count)} times, last ${when(views.lastAt)}`;
}

/** The customer's live link shows an older revision than the quote has now: they can no longer answer through it. */
export function linkIsBehind(q: { revision: number; linkRevision: number | null }): boolean {
  return q.linkRevision !== null && q.linkRevision !== q.revision;
}

/** "The customer's link shows revision 1; this quote is now revision 2." */
export function linkBehindLine(q: { revision: number; linkRevision: number | null }): string {
  return `The customer's link shows revision ${q.linkRevision}; this quote is now revision ${q.revision}.`;
}

/** Send is offered for a quote that awaits an answer and whose prices still hold (the server refuses the others). */
export function canSend(q: { status: string; expired: boolean }): boolean {
  return (q.status === 'draft' || q.status === 'sent') && !q.expired;
}

/** "Accepted by Ada Lovelace (ada@acme.test) on 3 Mar 2026, 10:15 CET, revision 2"; null when the customer has not answered. */
export function answerLine(q: Answered): string | null {
  if (q.acceptance) {
    const a = q.acceptance;
    return `Accepted by ${a.name} (${a.email}) on ${when(a.at)}, revision ${a.revision}`;
  }
  if (q.decline) return `Declined by the customer on ${when(q.decline.at)}${q.decline.reason ? `: “${q.decline.reason}”` : ''}`;
  return null;
}

const ACTION_TEXT: Record<string, string> = {
  sent: 'Sent by email',
  reminder_sent: 'Reminder sent',
  created: 'Created',
  revised: 'Revised',
  status_changed: 'Status changed',
  shared: 'Share link created',
  link_revoked: 'Share link revoked',
  opened: 'Opened by the customer',
  accepted: 'Accepted by the customer',
  declined: 'Declined by the customer',
  details_edited: 'Details edited',
  deleted: 'Deleted',
};

type Values = Record<string, unknown> | null;

/** One timeline line: what happened, and its detail. */
export function timelineText(e: Pick<AuditEntry, 'action' | 'actor'> & { before?: unknown; after?: unknown }): { title: string; detail: string } {
  const before = e.before as Values;
  const after = e.after as Values;
  const title = ACTION_TEXT[e.action] ?? e.action;
  switch (e.action) {
    case 'revised':
      return { title, detail: `Revision ${before?.revision} → ${after?.revision}; monthly ${before?.totalMonthly} → ${after?.totalMonthly}` };
    case 'status_changed':
      return { title, detail: `${before?.status} → ${after?.status}` };
    case 'shared':
      return { title, detail: `Revision ${after?.revision}${after?.replacedLink ? ', replacing the previous link' : ''}` };
    case 'accepted':
      return { title, detail: `${after?.name} (${after?.email}), revision ${after?.revision}` };
    case 'sent':
      return {
        title,
        detail: `To ${after?.to}${Array.isArray(after?.cc) && after.cc.length > 0 ? `, cc ${after.cc.join(', ')}` : ''}; revision ${after?.revision}`,
      };
    case 'reminder_sent':
      return { title, detail: `To ${after?.to}` };
    case 'declined':
      return { title, detail: after?.reason ? `Reason: ${after.reason}` : 'No reason given' };
    case 'details_edited':
      return { title, detail: changedDetails(before, after) };
    default:
      return { title, detail: '' };
  }
}

const DETAIL_LABELS: Record<string, string> = {
  name: 'name',
  customerCompany: 'company',
  customerName: 'contact',
  customerEmail: 'email',
  validUntil: 'valid until',
};

/** "name: Old → New; valid until: 2026-03-31 → 2026-04-30" (the number the entry carries is not a change). */
function changedDetails(before: Values, after: Values): string {
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  return Object.keys(DETAIL_LABELS)
    .filter((k) => after !== null && k in after)
    .map((k) => `${DETAIL_LABELS[k]}: ${show(before?.[k])} → ${show(after?.[k])}`)
    .join('; ');
}

/** How many entries the next page of a timeline adds (0: everything is shown). */
export function moreActivity(total: number, pagesShown: number, pageSize: number): number {
  return Math.max(0, Math.min(pageSize, total - pagesShown * pageSize));
}
