// npm run db:seed — loads the demo catalogue and demo accounts into DATABASE_PATH. Safe to run again.
import { systemClock } from '../src/server/clock';
import { loadConfig, loadDotEnv } from '../src/server/config';
import { closeDatabase, openDatabase } from '../src/server/db/database';
import { bootstrapAdmin, seedDemo } from '../src/server/seed/seed';

loadDotEnv();
const config = loadConfig();
const db = openDatabase(config.databasePath);
await seedDemo(db, systemClock);
await bootstrapAdmin(db, systemClock, config.adminEmail, config.adminPassword);
closeDatabase(db);
console.log(`Seeded ${config.databasePath}`);
