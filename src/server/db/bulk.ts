// Many rows in few statements: a multi-row INSERT, an UPDATE … FROM (VALUES …) and a DELETE … IN (…) of up to
// BULK_ROWS rows each, prepared once per database and shape. A statement's call costs more than SQLite's work on one
// small row, so thousands of rows written one statement at a time keep the event loop far longer than needed
// (docs/DECISIONS.md "Scripts and other systems": the catalogue import's one short transaction).
import type Database from 'better-sqlite3';
import type { Db } from './database';

const BULK_ROWS = 100;

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The statement for `key` (its shape: kind, table, columns, rows), made by `sql` the first time. */
function prepared(db: Db, key: string, sql: () => string): Database.Statement {
  let byKey = statements.get(db.$client);
  if (!byKey) statements.set(db.$client, (byKey = new Map()));
  let statement = byKey.get(key);
  if (!statement) byKey.set(key, (statement = db.$client.prepare(sql())));
  return statement;
}

const isName = (name: string) => /^[a-z_]+$/.test(name);

function inChunks(rows: readonly unknown[][], run: (chunk: readonly unknown[][]) => void): void {
  for (let i = 0; i < rows.length; i += BULK_ROWS) run(rows.slice(i, i + BULK_ROWS));
}

function names(table: string, columns: readonly string[]): void {
  if (!isName(table) || !columns.every(isName)) throw new Error(`bad table or column name in ${table}`);
}

const placeholders = (rows: number, columns: number) => Array.from({ length: rows }, () => `(${Array(columns).fill('?').join(', ')})`).join(', ');

/** Inserts `rows` (each the values of `columns`, in order) into `table`. */
export function insertRows(db: Db, table: string, columns: readonly string[], rows: readonly unknown[][]): void {
  names(table, columns);
  inChunks(rows, (chunk) => {
    const key = `insert ${table} ${columns.join(',')} ${chunk.length}`;
    prepared(db, key, () => `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${placeholders(chunk.length, columns.length)}`).run(...chunk.flat());
  });
}

/** Sets `columns` of the rows of `table` whose id is each row's first value (the columns' values follow it). */
export function updateRows(db: Db, table: string, columns: readonly string[], rows: readonly unknown[][]): void {
  names(table, columns);
  const set = columns.map((c, i) => `${c} = v.column${i + 2}`).join(', ');
  inChunks(rows, (chunk) => {
    const key = `update ${table} ${columns.join(',')} ${chunk.length}`;
    prepared(
      db,
      key,
      () => `UPDATE ${table} SET ${set} FROM (VALUES ${placeholders(chunk.length, columns.length + 1)}) AS v WHERE ${table}.id = v.column1`,
    ).run(...chunk.flat());
  });
}

/** Deletes the rows of `table` whose `column` holds one of `values`. */
export function deleteRows(db: Db, table: string, column: string, values: readonly unknown[]): void {
  names(table, [column]);
  inChunks(
    values.map((v) => [v]),
    (chunk) => {
      const key = `delete ${table} ${column} ${chunk.length}`;
      prepared(db, key, () => `DELETE FROM ${table} WHERE ${column} IN (${Array(chunk.length).fill('?').join(', ')})`).run(...chunk.flat());
    },
  );
}
