// npm run db:migrate — applies committed migrations (the server also does this at start).
import { loadConfig, loadDotEnv } from '../src/server/config';
import { closeDatabase, openDatabase } from '../src/server/db/database';

loadDotEnv();
const config = loadConfig();
closeDatabase(openDatabase(config.databasePath));
console.log(`Migrated ${config.databasePath}`);
