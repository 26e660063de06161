// npm run db:migrate — applies committed migrations (the server also does this at start): a copy of a database that
// holds data first, all or nothing (src/server/db/migrations.ts).
import { migrateCommand } from '../src/server/commands';

process.exitCode = migrateCommand();
