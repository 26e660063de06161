// The migrations folder as an earlier version had it: for tests that build a database of an older schema and then let
// the app migrate it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

/** A copy of db/migrations in `dir` holding only the migrations whose tag sorts before `tag` (e.g. '0008'). */
function migrationsBefore(dir: string, tag: string): string {
  const source = path.resolve('db/migrations');
  const target = path.join(dir, `migrations-before-${tag}`);
  fs.mkdirSync(path.join(target, 'meta'), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < tag);
  fs.writeFileSync(path.join(target, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(source, `${e.tag}.sql`), path.join(target, `${e.tag}.sql`));
  return target;
}

/**
 * A database at `dir`/app.db as the app left it before migration `tag` (e.g. '0008'), holding one account (id 1,
 * a@x.test) for the rows a test adds. The caller closes it before today's code opens the file.
 */
export function databaseBefore(dir: string, tag: string): { file: string; old: Database.Database } {
  const file = path.join(dir, 'app.db');
  const old = new Database(file);
  migrate(drizzle(old), { migrationsFolder: migrationsBefore(dir, tag) });
  old.prepare("INSERT INTO users (username, email, password_hash, created_at) VALUES ('a@x.test', 'a@x.test', 'x', 0)").run();
  return { file, old };
}
