// npm run db:seed — loads the demo catalogue and demo accounts into DATABASE_PATH. Safe to run again.
// npm run db:seed -- --catalogue <file> — the demo accounts, and the catalogue made equal to the file (the format
// of GET /api/admin/catalogue, docs/API.md): scripted test fixtures. A file with problems lists them and changes nothing.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { systemClock } from '../src/server/clock';
import { loadConfig, loadDotEnv } from '../src/server/config';
import { closeDatabase, openDatabase } from '../src/server/db/database';
import { bootstrapAdmin, seedDemo, seedDemoAccounts } from '../src/server/seed/seed';
import { CatalogueFileError, importCatalogue } from '../src/server/services/catalogue-file';
import { inputIssuesOf } from '../src/server/trpc/errors';

const { values } = parseArgs({ options: { catalogue: { type: 'string' } } });
loadDotEnv();
const config = loadConfig();
let file: unknown;
if (values.catalogue !== undefined) {
  try {
    file = JSON.parse(fs.readFileSync(values.catalogue, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${values.catalogue} as JSON: ${(error as Error).message}`);
    process.exit(1);
  }
}
const db = openDatabase(config.databasePath);
try {
  // With a file, the demo catalogue is not loaded: the file alone says what the catalogue holds.
  if (file === undefined) await seedDemo(db, systemClock);
  else await seedDemoAccounts(db, systemClock);
  await bootstrapAdmin(db, systemClock, config.adminEmail, config.adminPassword);
  if (file !== undefined) {
    const result = await importCatalogue(db, systemClock, { command: 'npm run db:seed' }, file, false);
    const count = (list: keyof typeof result) => {
      const c = result[list] as { created: string[]; updated: string[]; deleted: string[] };
      return `${list}: ${c.created.length} created, ${c.updated.length} updated, ${c.deleted.length} deleted`;
    };
    console.log(`Loaded ${values.catalogue}: ${(['packages', 'categories', 'addOns', 'discounts'] as const).map(count).join('; ')}`);
  }
} catch (error) {
  if (!(error instanceof CatalogueFileError)) throw error;
  console.error(`${values.catalogue} was not loaded (nothing changed):`);
  for (const issue of inputIssuesOf(error) ?? []) console.error(`  ${issue.path}: ${issue.message}`);
  process.exitCode = 1;
} finally {
  closeDatabase(db);
}
if (!process.exitCode) console.log(`Seeded ${config.databasePath}`);
