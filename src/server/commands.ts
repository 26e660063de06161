// The commands besides serving, shared by the npm scripts (db:backup, db:migrate) and the release executable
// (`backup <file>`, `migrate`). Each reads the environment as the server does and answers with an exit code; every
// failure is one plain sentence, never a stack trace.
import { backupDatabase, BackupError } from './db/backup';
import { ConfigError, loadConfig, loadDotEnv, type AppConfig } from './config';
import { closeDatabase, openDatabase } from './db/database';
import { MigrationError } from './db/migrations';

function config(): AppConfig | undefined {
  loadDotEnv();
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return undefined;
  }
}

/** An online, consistent, verified copy of the database at `target` (default data/backups/app-<time>.db). */
export async function backupCommand(target = `./data/backups/app-${new Date().toISOString().replace(/[:.]/g, '-')}.db`): Promise<number> {
  const c = config();
  if (!c) return 1;
  try {
    const r = await backupDatabase(c.databasePath, target);
    console.log(`Backed up ${r.source} to ${r.target}: ${(r.bytes / 1024).toFixed(0)} KiB in ${r.ms.toFixed(0)} ms, integrity ${r.integrity}`);
    console.log(
      `rows: ${Object.entries(r.counts)
        .filter(([n]) => !n.startsWith('__'))
        .map(([n, c]) => `${n} ${c}`)
        .join(', ')}`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError) && !(error instanceof Error && 'code' in error)) throw error;
    console.error(`Backup failed: ${error.message}`);
    return 1;
  }
}

/** Applies pending migrations to the database and closes it. */
export function migrateCommand(): number {
  const c = config();
  if (!c) return 1;
  const applied: string[] = [];
  try {
    closeDatabase(openDatabase(c.databasePath, { log: (line) => applied.push(line) }));
  } catch (error) {
    if (!(error instanceof MigrationError) && !(error instanceof Error && 'code' in error)) throw error;
    console.error(error instanceof MigrationError ? error.message : `Cannot open ${c.databasePath}: ${(error as Error).message}`);
    return 1;
  }
  for (const line of applied) console.log(line);
  console.log(applied.length > 0 ? `Migrated ${c.databasePath}.` : `${c.databasePath} is up to date.`);
  return 0;
}
