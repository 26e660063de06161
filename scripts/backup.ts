// npm run db:backup [file] — an online, consistent copy of the database (SQLite's backup API), safe while serving.
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../src/server/config';
import { closeDatabase, openDatabase } from '../src/server/db';

loadDotEnv();
const config = loadConfig();
const target = path.resolve(process.argv[2] ?? `./data/backup-${new Date().toISOString().replace(/[:.]/g, '-')}.db`);
const db = openDatabase(config.databasePath);
await db.$client.backup(target);
closeDatabase(db);
console.log(`Backed up ${config.databasePath} to ${target}`);
