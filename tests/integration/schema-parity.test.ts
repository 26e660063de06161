// The PostgreSQL schema (db/pg/schema.ts) is db/schema.ts table for table: the same tables, columns (name, required,
// key), indexes and foreign keys, so a feature's data change is written for both or this fails. And its migrations,
// run on a real PostgreSQL (a private cluster, tests/support/postgres-cluster.ts), make exactly that schema, with the
// quote numbers' counter and the append-only audit trail.
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sqliteSchema from '../../db/schema';
import * as pgSchema from '../../db/pg/schema';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';

interface Shape {
  columns: Record<string, { notNull: boolean; primary: boolean }>;
  primaryKey: string[];
  indexes: Record<string, { unique: boolean }>;
  foreignKeys: string[];
}

type Config = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>;
function shapeOf(c: Config): Shape {
  const columns = Object.fromEntries(c.columns.map((col) => [col.name, { notNull: col.notNull, primary: col.primary }]));
  const indexes = Object.fromEntries(c.indexes.map((i) => [i.config.name, { unique: i.config.unique }]));
  const foreignKeys = c.foreignKeys
    .map((fk) => {
      const ref = fk.reference();
      return `${ref.columns.map((x) => x.name).join(',')} -> ${ref.foreignColumns.map((x) => x.name).join(',')} on delete ${fk.onDelete ?? 'no action'}`;
    })
    .sort();
  const primaryKey = c.primaryKeys.flatMap((k) => k.columns.map((x) => x.name));
  return { columns, primaryKey, indexes, foreignKeys };
}

function tablesOf(schema: Record<string, unknown>, isTable: (v: unknown) => boolean, config: (v: never) => Config): Record<string, Shape> {
  const out: Record<string, Shape> = {};
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const c = config(value as never);
    out[c.name] = shapeOf(c);
  }
  return out;
}

const sqliteTables = tablesOf(sqliteSchema, (v) => v instanceof SQLiteTable, sqliteConfig);
const pgTables = tablesOf(pgSchema, (v) => v instanceof PgTable, pgConfig);

describe('the two schemas', () => {
  it('have the same tables under the same export names', () => {
    expect(Object.keys(sqliteTables).length).toBeGreaterThan(20);
    expect(Object.keys(pgTables).sort()).toEqual(Object.keys(sqliteTables).sort());
    const exported = (schema: Record<string, unknown>, isTable: (v: unknown) => boolean) =>
      Object.keys(schema)
        .filter((k) => isTable(schema[k]))
        .sort();
    expect(exported(pgSchema, (v) => v instanceof PgTable)).toEqual(exported(sqliteSchema, (v) => v instanceof SQLiteTable));
  });

  it.each(Object.keys(sqliteTables).sort())('%s: the same columns, keys, indexes and foreign keys', (table) => {
    expect(pgTables[table]).toEqual(sqliteTables[table]);
  });
});

describe('the PostgreSQL migrations', () => {
  let cluster: PostgresCluster;
  let client: pg.Client;
  beforeAll(async () => {
    cluster = startPostgresCluster();
    client = new pg.Client({ connectionString: cluster.createDatabase('parity') });
    await client.connect();
    await migrate(drizzle({ client }), { migrationsFolder: 'db/pg/migrations' });
  });
  afterAll(async () => {
    await client?.end();
    cluster?.stop();
  });

  it('make every table with exactly its columns and whether each is required', async () => {
    const { rows } = await client.query<{ table_name: string; column_name: string; is_nullable: string }>(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const made: Record<string, Record<string, boolean>> = {};
    for (const r of rows) (made[r.table_name] ??= {})[r.column_name] = r.is_nullable === 'NO';
    const expected = Object.fromEntries(
      Object.entries(pgTables).map(([name, s]) => [
        name,
        Object.fromEntries(Object.entries(s.columns).map(([c, col]) => [c, col.notNull || col.primary])),
      ]),
    );
    // composite primary keys make their columns required too
    for (const [name, s] of Object.entries(pgTables)) for (const c of s.primaryKey) expected[name]![c] = true;
    expect(made).toEqual(expected);
  });

  it('number each new quote from the counter, and keep the audit trail append-only', async () => {
    const user = await client.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, created_at) VALUES ('a', 'a@example.com', 'x', now()) RETURNING id`,
    );
    const insertQuote = () =>
      client.query<{ number: number }>(
        `INSERT INTO configurations (name, user_id, package_id, package_name, pricing_model, square_meters, user_count, locations,
           contract_duration, payment_frequency, add_ons, discount_ids, custom_items, total_monthly_cents, setup_fees_cents, tcv_cents,
           snapshot, created_at, updated_at)
         VALUES ('Q', $1, 1, 'Entry', 'sqm', 100, 0, 1, 12, 'annually', '[]', '[]', '[]', 0, 0, 0, '{}', now(), now()) RETURNING number`,
        [user.rows[0]!.id],
      );
    expect((await insertQuote()).rows[0]!.number).toBe(1);
    expect((await insertQuote()).rows[0]!.number).toBe(2);
    expect((await client.query(`SELECT value FROM counters WHERE name = 'quote_number'`)).rows[0].value).toBe(2);
    // money beyond what 32 bits hold (a TCV of €100,000,000.00)
    await client.query(`UPDATE configurations SET tcv_cents = 10000000000 WHERE number = 1`);
    expect((await client.query(`SELECT tcv_cents FROM configurations WHERE number = 1`)).rows[0].tcv_cents).toBe('10000000000');

    await client.query(`INSERT INTO audit_log (at, actor, entity, action) VALUES (now(), 'System', 'quote', 'create')`);
    await expect(client.query(`UPDATE audit_log SET actor = 'Someone'`)).rejects.toThrow('audit entries are append-only');
    await expect(client.query(`DELETE FROM audit_log`)).rejects.toThrow('audit entries are append-only');
    expect((await client.query(`SELECT actor FROM audit_log`)).rows).toEqual([{ actor: 'System' }]);
  });
});
