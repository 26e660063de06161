// npm run db:backup [file] — an online, consistent copy of DATABASE_PATH (SQLite's backup API), safe while the server
// runs and writes; the copy is verified (integrity_check, row counts) before it is put in place. Restore: README.
import { backupCommand } from '../src/server/commands';

process.exitCode = await backupCommand(process.argv[2]);
