// npm run db:backup [file] — an online, consistent copy of DATABASE_PATH (SQLite's backup API), safe while the server
// runs and writes; the copy is verified (integrity_check, row counts) before it is put in place. Restore: README.
import { backupDatabase, BackupError } from '../src/server/db/backup';
import { loadConfig, loadDotEnv } from '../src/server/config';

loadDotEnv();
const config = loadConfig();
const target = process.argv[2] ?? `./data/backups/app-${new Date().toISOString().replace(/[:.]/g, '-')}.db`;
try {
  const r = await backupDatabase(config.databasePath, target);
  console.log(`Backed up ${r.source} to ${r.target}: ${(r.bytes / 1024).toFixed(0)} KiB in ${r.ms.toFixed(0)} ms, integrity ${r.integrity}`);
  console.log(`rows: ${Object.entries(r.counts).filter(([n]) => !n.startsWith('__')).map(([n, c]) => `${n} ${c}`).join(', ')}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exitCode = 1;
}
