// The migrations folder as an earlier version had it: for tests that build a database of an older schema and then let
// the app migrate it.
import fs from 'node:fs';
import path from 'node:path';

/** A copy of db/migrations in `dir` holding only the migrations whose tag sorts before `tag` (e.g. '0008'). */
export function migrationsBefore(dir: string, tag: string): string {
  const source = path.resolve('db/migrations');
  const target = path.join(dir, `migrations-before-${tag}`);
  fs.mkdirSync(path.join(target, 'meta'), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < tag);
  fs.writeFileSync(path.join(target, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(source, `${e.tag}.sql`), path.join(target, `${e.tag}.sql`));
  return target;
}
