// SQL text named from the schema (db/schema.ts), for the few statements that run in better-sqlite3's raw mode for
// speed: the column names come from the schema, never from a hand-written copy, so a new column cannot be missed.
import { getTableColumns, getTableName, type Column, type Table } from 'drizzle-orm';

/** A column as SQL names it. */
export const columnName = (c: Pick<Column, 'name'>): string => `"${c.name}"`;

/**
 * `SELECT` every column of `table` by the schema's field names, ordered by `orderBy`. The values are SQLite's own
 * (booleans and timestamps as integers, JSON as text): the reader converts what it needs.
 */
export function selectAllOf(table: Table, orderBy: readonly Column[]): string {
  const list = Object.entries(getTableColumns(table)).map(([key, c]) => `${columnName(c)} AS "${key}"`);
  return `SELECT ${list.join(', ')} FROM "${getTableName(table)}" ORDER BY ${orderBy.map(columnName).join(', ')}`;
}
