// The one process: reads the environment, prepares the database, serves API, tRPC and the React app.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { createApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig, loadDotEnv, type AppConfig } from './config';
import { closeDatabase, openDatabase, type Db } from './db/database';
import { MigrationError } from './db/migrations';
import { privateDataFolder } from './db/private-files';
import { serveApp } from './http/server';
import { logger } from './logging';
import { createMailer } from './mail/mailer';
import { bootstrapAdmin, isDatabaseEmpty, seedDemo } from './seed/seed';
import { demoAccountsWarning } from './services/demo-hint';
import { maskStoredResetLinks } from './services/email-logs';
import { startOwedMailWorker } from './services/owed-mail-worker';
import { startReminders } from './services/reminders';
import { startWalCheckpointer } from './db/checkpointer';
import { webhookTargets } from './services/webhook-address';
import { startWebhookDispatcher } from './services/webhook-dispatcher';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// CLIENT_DIR lets the browser tests serve a build of their own; everyone else uses dist/client.
const clientDir = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : path.join(root, 'dist/client');

async function ensureClientBuilt(): Promise<void> {
  if (fs.existsSync(path.join(clientDir, 'index.html'))) return;
  logger.info('No client build found; building it (once) ...');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: clientDir } });
}

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message); // before the logger's level is known: plain text, to the terminal
      process.exit(1);
    }
    throw error;
  }
}

// Every request's objects die with it, but V8 may learn from early requests to allocate some of them (a quote's
// parse results) in the old generation, where they keep young objects alive through every minor GC and make GC
// pauses long under load. The caches that do live long are promoted once, by the ordinary path.
setFlagsFromString('--no-allocation-site-pretenuring');
loadDotEnv();
const config = readConfig();
logger.level = config.logLevel;
await ensureClientBuilt();
const DATABASE_UNUSABLE = 78;

function openOrStop(file: string): Db {
  try {
    return openDatabase(file);
  } catch (error) {
    if (!(error instanceof MigrationError) && !(error instanceof Error && 'code' in error)) throw error;
    // A migration that failed left the database as it was; the message says which and why. A database that cannot
    // be opened or migrated has its own exit status (EX_CONFIG), on which the systemd unit in deploy/ does not
    // restart: trying again cannot help.
    logger.fatal(error instanceof MigrationError ? error.message : `Cannot open the database ${file}: ${(error as Error).message}`);
    process.exit(DATABASE_UNUSABLE);
  }
}

// Whatever the umask: files this process creates anywhere are its user's alone (the data folder's are made so
// explicitly too, and what an earlier version left readable is tightened here).
process.umask(0o077);
if (config.databasePath !== ':memory:') privateDataFolder(path.dirname(config.databasePath));
const db = openOrStop(config.databasePath);
// an in-memory database (a throwaway run) has no WAL to checkpoint
const checkpointer = config.databasePath === ':memory:' ? undefined : startWalCheckpointer(db, config.databasePath);
if (config.seedDemo && isDatabaseEmpty(db)) {
  await seedDemo(db, systemClock);
  logger.info('Empty database: loaded the demo catalogue and demo accounts.');
}
// Says what it did, or why it skipped.
await bootstrapAdmin(db, systemClock, config.adminEmail, config.adminPassword, (message) => logger.info(message));
const masked = await maskStoredResetLinks(db);
if (masked > 0) logger.info(`Masked the reset links of ${masked} logged mail${masked === 1 ? '' : 's'} (tokens live only in sent mail).`);
const demoWarning = await demoAccountsWarning(db, config);
if (demoWarning) logger.warn(demoWarning);
const mailer = createMailer(db, config, systemClock);
const services = { db, config, clock: systemClock, mailer };
const app = createApp(services, { clientDir });
const reminders = startReminders(services);
// Sends the mail owed by the commits (confirmations, the owner's notices, reminders), and whatever a previous run left.
const owedMail = startOwedMailWorker(services);
// Sends webhook deliveries after the commits that queued them, and whatever a previous run left pending.
const webhookDispatcher = startWebhookDispatcher({
  db,
  clock: systemClock,
  retryBaseMs: config.webhookRetryBaseMs,
  retentionDays: config.webhookDeliveryRetentionDays,
  targets: webhookTargets(config),
});

const server = serveApp(app, { port: config.port, hostname: config.host }, (info) => {
  logger.info(`Quote configurator listening on http://${info.address}:${info.port} (public URL ${config.appUrl})`);
});
server.on('error', (error) => {
  logger.fatal(`Cannot listen on ${config.host}:${config.port}: ${error.message}`);
  closeDatabase(db);
  process.exit(1);
});

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received: closing.`);
  // Let requests in flight finish, then close the database so the WAL is checkpointed.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    // A reminder scan in progress finishes, and a mail still on its way gets its status written, before the database
    // closes; what is still owed waits in the database for the next start.
    try {
      await reminders.stop();
      await owedMail.stop();
      await mailer.idle();
      mailer.close();
      await webhookDispatcher.stop();
      await checkpointer?.stop();
      closeDatabase(db);
      process.exit(0);
    } catch (error) {
      // said in the log rather than as an unhandled rejection, so the operator reads which step failed
      logger.fatal({ err: error }, 'closing failed');
      process.exit(1);
    }
  });
  (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
