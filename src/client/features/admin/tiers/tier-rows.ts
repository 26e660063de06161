// The tier editor's rows and rules (Edit Tiers mode, docs/PRODUCT.md "The admin area"): Min, Max (blank = No limit) and Price per
// row as typed; rows can be added and removed; on save each row is checked, then the set as a whole (no overlaps,
// only the last may be open), with the server's own messages.
import { parseTypedMoney } from '../../../../shared/typed-numbers';
import {
  tierSetProblem,
  TIER_MAX_BELOW_MIN,
  MAX_MONEY_CENTS,
  TIER_PRICE_POSITIVE,
  TIER_PRICE_TOO_LARGE,
  toWholeNumber,
  type TierInput,
} from '../../../../shared/schemas/catalog-admin';
import type { TierView } from './tier-format';

export interface TierRow {
  key: string;
  min: string;
  max: string;
  price: string;
}

export type RowErrors = Partial<Record<'min' | 'max' | 'price', string>>;

export const MIN_INVALID = 'Minimum must be a whole number of 0 or more';
export const MAX_INVALID = 'Maximum must be a whole number, or empty for no limit';

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

export function rowsFromTiers(tiers: readonly TierView[]): TierRow[] {
  return tiers.map((t) => ({ key: newKey(), min: String(t.min), max: t.max === null ? '' : String(t.max), price: t.price }));
}

/**
 * A row after the last: it starts right after the last tier's max. When the last tier is open, it is closed one
 * step below the new row (the step being the last tier's width before it, or 100), so the set stays valid.
 */
export function addRow(rows: readonly TierRow[]): TierRow[] {
  const last = rows.at(-1);
  if (!last) return [{ key: newKey(), min: '0', max: '', price: '' }];
  const lastMin = toWholeNumber(last.min);
  const lastMax = last.max.trim() === '' ? null : toWholeNumber(last.max);
  if (lastMin === null) return [...rows, { key: newKey(), min: '', max: '', price: last.price }];
  if (lastMax !== null) return [...rows, { key: newKey(), min: String(lastMax + 1), max: '', price: last.price }];
  const before = rows.length > 1 ? toWholeNumber(rows[rows.length - 2]!.min) : null;
  const step = before !== null && lastMin > before ? lastMin - before : 100;
  const closed = { ...last, max: String(lastMin + step - 1) };
  return [...rows.slice(0, -1), closed, { key: newKey(), min: String(lastMin + step), max: '', price: last.price }];
}

export function removeRow(rows: readonly TierRow[], key: string): TierRow[] {
  return rows.filter((r) => r.key !== key);
}

export function updateRow(rows: readonly TierRow[], key: string, change: Partial<Omit<TierRow, 'key'>>): TierRow[] {
  return rows.map((r) => (r.key === key ? { ...r, ...change } : r));
}

export interface RowsCheck {
  /** Per row key, the problems of its cells. */
  rowErrors: Record<string, RowErrors>;
  /** A problem of the set as a whole (overlap, open tier not last). */
  setError: string | null;
  /** The tiers to send, when there is no problem at all. */
  tiers: TierInput[] | null;
}

export function checkRows(rows: readonly TierRow[]): RowsCheck {
  const rowErrors: Record<string, RowErrors> = {};
  const parsed: TierInput[] = [];
  for (const r of rows) {
    const e: RowErrors = {};
    const min = toWholeNumber(r.min.trim() === '' ? null : r.min);
    const max = r.max.trim() === '' ? null : toWholeNumber(r.max);
    const price = parseTypedMoney(r.price);
    if (min === null) e.min = MIN_INVALID;
    if (r.max.trim() !== '' && max === null) e.max = MAX_INVALID;
    else if (min !== null && max !== null && max < min) e.max = TIER_MAX_BELOW_MIN;
    if (price === null || price <= 0) e.price = TIER_PRICE_POSITIVE;
    else if (price > MAX_MONEY_CENTS) e.price = TIER_PRICE_TOO_LARGE;
    if (Object.keys(e).length > 0) rowErrors[r.key] = e;
    else parsed.push({ min: min!, max, price: price! });
  }
  if (Object.keys(rowErrors).length > 0) return { rowErrors, setError: null, tiers: null };
  const setError = tierSetProblem(parsed);
  if (setError) return { rowErrors, setError, tiers: null };
  return { rowErrors, setError: null, tiers: [...parsed].sort((a, b) => a.min - b.min) };
}
