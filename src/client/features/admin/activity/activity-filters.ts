// The Activity tab's filters and what its rows say; pure, tested without a DOM.
import type { AuditQuery } from '../../../../shared/schemas/audit';

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
];

export const ACTION_OPTIONS = [
  { value: '', label: 'Any action' },
  ...[
    'create',
    'update',
    'delete',
    'created',
    'revised',
    'details_edited',
    'status_changed',
    'shared',
    'sent',
    'reminder_sent',
    'link_revoked',
    'opened',
    'accepted',
    'declined',
    'deleted',
    'registered',
    'signed_in',
    'sign_in_failed',
    'signed_out',
    'profile_changed',
    'password_changed',
    'password_reset_requested',
    'password_reset',
    'reset_link_created',
    'role_changed',
  ].map((v) => ({
    value: v,
    label: v.replaceAll('_', ' '),
  })),
];

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

/** The fields whose values differ between before and after: "basePrice: 49.00 → 59.00". */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  // A create or a delete has one side: its values are what there is to see.
  if (before === null || before === undefined || after === null || after === undefined) {
    const only = before ?? after;
    if (!only || typeof only !== 'object') return [];
    return Object.entries(only as Record<string, unknown>).map(([k, v]) => `${k}: ${show(v)}`);
  }
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((k) => `${k}: ${show(b[k]) ?? '—'} → ${show(a[k]) ?? '—'}`);
}

/** What the row names: the thing changed, by its name when the entry holds one. */
export function subjectOf(e: { entity: string; entityId: number | null; before?: unknown; after?: unknown }): string {
  const v = ((e.after ?? e.before) ?? {}) as Record<string, unknown>;
  // A quote event's `name` may be the customer's (an acceptance): a quote is named by its number.
  const name =
    e.entity === 'quote'
      ? typeof v.number === 'string' ? v.number : null
      : typeof v.name === 'string' ? v.name : typeof v.username === 'string' ? v.username : null;
  return `${e.entity}${e.entityId !== null ? ` #${e.entityId}` : ''}${name ? ` · ${name}` : ''}`;
}
