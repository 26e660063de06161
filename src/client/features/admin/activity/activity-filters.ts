// The Activity tab's filters and what its rows say; pure, tested without a DOM.
import { fieldChanges } from '../../../../shared/catalogue-changes';
import type { AuditQuery } from '../../../../shared/schemas/audit';
import type { NamedCatalogueKind } from '../../../../shared/schemas/catalog-admin';
import { changeLines, fieldLabel, itemLines, sentenceCase, valueText, type NameLookup } from '../shared/change-words';

export const ACTIVITY_PAGE_SIZE = 25;

export interface ActivityFilters {
  entity: string;
  action: string;
  userId: string;
  from: string;
  to: string;
  page: number;
}

export const initialFilters: ActivityFilters = { entity: '', action: '', userId: '', from: '', to: '', page: 1 };

export const ENTITY_OPTIONS = [
  { value: '', label: 'Everything' },
  { value: 'quote', label: 'Quotes' },
  { value: 'package', label: 'Packages and prices' },
  { value: 'addon', label: 'Add-ons' },
  { value: 'category', label: 'Add-on categories' },
  { value: 'discount', label: 'Discounts' },
  { value: 'user', label: 'Accounts' },
  { value: 'company', label: 'Company details' },
  { value: 'api_key', label: 'API keys' },
  { value: 'webhook', label: 'Webhooks' },
];

/** What each recorded action is called on screen. */
export const ACTION_LABEL: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  created: 'Quote created',
  revised: 'Quote revised',
  details_edited: 'Details edited',
  status_changed: 'Status changed',
  shared: 'Shared',
  sent: 'Sent by email',
  reminder_sent: 'Reminder sent',
  link_revoked: 'Link revoked',
  opened: 'Opened by the customer',
  accepted: 'Accepted',
  declined: 'Declined',
  deleted: 'Quote deleted',
  registered: 'Registered',
  signed_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  signed_out: 'Signed out',
  profile_changed: 'Profile changed',
  password_changed: 'Password changed',
  role_changed: 'Role changed',
  password_reset_requested: 'Password reset requested',
  password_reset: 'Password reset',
  reset_link_created: 'Reset link made',
  api_keys_revoked: 'API keys revoked',
};

export function actionLabel(action: string): string {
  return ACTION_LABEL[action] ?? sentenceCase(action.replaceAll('_', ' '));
}

export const ACTION_OPTIONS = [{ value: '', label: 'Any action' }, ...Object.keys(ACTION_LABEL).map((v) => ({ value: v, label: actionLabel(v) }))];

/** A filter change starts again at page 1. */
export function setFilter(f: ActivityFilters, key: Exclude<keyof ActivityFilters, 'page'>, value: string): ActivityFilters {
  return { ...f, [key]: value, page: 1 };
}

/** The procedure's input: only what is set. */
export function toQuery(f: ActivityFilters): AuditQuery {
  return {
    ...(f.entity ? { entity: f.entity } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.userId ? { userId: Number(f.userId) } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    page: f.page,
    limit: ACTIVITY_PAGE_SIZE,
  };
}

/** The CSV export's address with the same filters, unpaged. */
export function csvUrl(f: ActivityFilters): string {
  const q = new URLSearchParams();
  for (const k of ['entity', 'action', 'userId', 'from', 'to'] as const) if (f[k]) q.set(k, f[k]);
  const s = q.toString();
  return `/api/admin/audit.csv${s ? `?${s}` : ''}`;
}

const ENTITY_LABEL: Record<string, string> = {
  package: 'Package',
  addon: 'Add-on',
  category: 'Add-on category',
  discount: 'Discount',
  user: 'Account',
  quote: 'Quote',
  api_key: 'API key',
  webhook: 'Webhook',
};

/** The fields whose values differ between before and after: "Base price: €49.00 → €59.00". */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  // A create or a delete has one side: its values are what there is to see.
  if (before === null || before === undefined || after === null || after === undefined) {
    const only = before ?? after;
    if (!only || typeof only !== 'object') return [];
    return Object.entries(only as Record<string, unknown>)
      .filter(([k]) => k !== 'id')
      .map(([k, v]) => `${fieldLabel(k)}: ${valueText(k, v)}`);
  }
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) =>
      Array.isArray(a[k]) || Array.isArray(b[k]) ? `${fieldLabel(k)} changed` : `${fieldLabel(k)}: ${valueText(k, b[k])} → ${valueText(k, a[k])}`,
    );
}

type Entry = { entity: string; entityId: number | null; action: string; before?: unknown; after?: unknown };

/** What a quote event says, in sentences; null for an entry that is not a quote event. */
export function quoteEventLines(e: Entry): string[] | null {
  if (e.entity !== 'quote') return null;
  const b = (e.before ?? {}) as Record<string, unknown>;
  const a = (e.after ?? {}) as Record<string, unknown>;
  const rev = (v: unknown) => (typeof v === 'number' ? `revision ${v}` : 'the current revision');
  switch (e.action) {
    case 'created':
      return [`Saved as “${String(a.name ?? '')}”, TCV ${valueText('tcv', a.tcv)}`];
    case 'revised': {
      const lines = [`Revision ${String(b.revision ?? '?')} → ${String(a.revision ?? '?')}`];
      for (const k of ['totalMonthly', 'setupFees', 'tcv'])
        if (b[k] !== a[k]) lines.push(`${fieldLabel(k)}: ${valueText(k, b[k])} → ${valueText(k, a[k])}`);
      if (b.status === 'sent' && a.status === 'draft')
        lines.push('Back to draft: it had been sent, and the customer’s link shows the earlier revision');
      return lines;
    }
    case 'status_changed':
      return [`${valueText('status', b.status)} → ${valueText('status', a.status)}`];
    case 'shared':
      return [`Link made for ${rev(a.revision)}${a.replacedLink === true ? ', replacing the earlier link' : ''}`];
    case 'link_revoked':
      return ['The customer’s link no longer opens the quote'];
    case 'opened':
      return [`The customer opened the link (${rev(a.revision)}) for the first time`];
    case 'accepted':
      return [`Accepted by ${String(a.name ?? 'the customer')}${a.email ? ` <${String(a.email)}>` : ''}, ${rev(a.revision)}`];
    case 'declined':
      return [`Declined by the customer, ${rev(a.revision)}${a.reason ? `: “${String(a.reason)}”` : ''}`];
    case 'deleted':
      return [`Deleted while ${valueText('status', b.status)}`];
    default:
      return changedFields(e.before, e.after);
  }
}

const CATALOGUE_ENTITIES = new Set<string>(['package', 'addon', 'category', 'discount'] satisfies NamedCatalogueKind[]);

/**
 * A catalogue change, field by field in the admin forms' words ("Base price: €499.00 → €529.00"); a created or deleted
 * item by what it held. A tier or feature written anew with the same values is no change (shared/catalogue-changes.ts).
 */
function catalogueLines(e: Entry, names: NameLookup | undefined): string[] {
  const kind = e.entity as NamedCatalogueKind;
  const typeOf = (v: unknown) => (v as { type?: unknown } | null | undefined)?.type;
  const discountType = { before: typeOf(e.before) ?? typeOf(e.after), after: typeOf(e.after) ?? typeOf(e.before) };
  if (e.before === null || e.before === undefined || e.after === null || e.after === undefined) {
    return itemLines(kind, e.after ?? e.before, { names, discountType });
  }
  return changeLines(kind, fieldChanges(kind, e.before, e.after), { names, discountType });
}

/** The Change column: a quote event's sentences, a catalogue change's fields, or the fields that changed. `names`: the catalogue's packages and categories by id. */
export function entryLines(e: Entry, names?: NameLookup): string[] {
  if (CATALOGUE_ENTITIES.has(e.entity)) return catalogueLines(e, names);
  return quoteEventLines(e) ?? changedFields(e.before, e.after);
}

/** What the row names: a quote by its number ("Q-000002"), anything else by its kind and name ("Package · Advanced"). */
export function subjectOf(e: Entry, quoteNumbers: Record<string, string> = {}): string {
  const v = (e.after ?? e.before ?? {}) as Record<string, unknown>;
  if (e.entity === 'quote') {
    const number = (e.entityId !== null ? quoteNumbers[String(e.entityId)] : undefined) ?? (typeof v.number === 'string' ? v.number : null);
    return number ?? 'A deleted quote';
  }
  const name = typeof v.name === 'string' ? v.name : typeof v.username === 'string' ? v.username : typeof v.url === 'string' ? v.url : null;
  const kind = ENTITY_LABEL[e.entity] ?? sentenceCase(e.entity);
  return name ? `${kind} · ${name}` : kind;
}
