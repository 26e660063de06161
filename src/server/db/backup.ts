// Online backups (npm run db:backup): SQLite's backup API through better-sqlite3, from a connection of its own, so it
// is safe while the server runs and writes. The copy is taken in one step (a consistent snapshot of one moment),
// written to a temporary name, verified (PRAGMA integrity_check, row counts) and only then renamed into place.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { PRIVATE_FOLDER, privateEmptyFile } from './private-files';

export interface BackupReport {
  source: string;
  target: string;
  bytes: number;
  ms: number;
  integrity: string;
  /** Rows per table in the copy. */
  counts: Record<string, number>;
}

export function tableCounts(db: Database.Database): Record<string, number> {
  const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as {
    name: string;
  }[];
  return Object.fromEntries(tables.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]));
}

export class BackupError extends Error {}

export async function backupDatabase(sourceFile: string, targetFile: string): Promise<BackupReport> {
  const source = path.resolve(sourceFile);
  const target = path.resolve(targetFile);
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}`);
  if (source === target) throw new BackupError('The backup must go to another file than the database');
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
  const partial = `${target}.partial-${process.pid}`;
  fs.rmSync(partial, { force: true });
  // made 0600 before SQLite writes a page into it: a backup is the whole database
  privateEmptyFile(partial);

  const started = performance.now();
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All pages in one step: the copy is the database as of one committed moment, whatever writes come after.
    await db.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const ms = performance.now() - started;

  const copy = new Database(partial, { fileMustExist: true });
  let integrity: string;
  let counts: Record<string, number>;
  try {
    // A standalone file: no -wal next to it is needed to read it.
    copy.pragma('journal_mode = DELETE');
    integrity = String(copy.pragma('integrity_check', { simple: true }));
    counts = tableCounts(copy);
  } finally {
    copy.close();
  }
  if (integrity !== 'ok') {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`The copy failed its integrity check: ${integrity}`);
  }
  fs.renameSync(partial, target);
  return { source, target, bytes: fs.statSync(target).size, ms, integrity, counts };
}
