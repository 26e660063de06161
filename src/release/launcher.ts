// The entry point of the release executable (scripts/release.ts makes it a Node single executable application).
// The executable carries the app as one embedded asset: the compiled server, the built client, the migrations and the
// server's packages, among them better-sqlite3 with its native binding compiled for this runtime. On first use the
// asset is unpacked next to the data (`<data folder>/.runtime/<version>-<content hash>/`) and the app runs from there
// exactly as it runs from a checkout: modules, PDF worker threads, fonts and migrations are ordinary files, and
// better-sqlite3 loads its binding from that folder. Later starts check the folder against the digests the executable
// holds (./runtime-check.ts) and unpack again only when a file differs, is missing or was added.
//
// This file is bundled alone (CommonJS, Node built-ins only), so --version and --help answer without unpacking.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { COMPLETE_MARKER, describeDifferences, differences, isIntact, type Manifest, PRIVATE_FOLDER, privateMode } from './runtime-check';

declare const RELEASE_VERSION: string;
declare const RELEASE_CONTENT_HASH: string;

const NAME = 'quote-configurator';

const HELP = `${NAME} ${RELEASE_VERSION}: the quoting tool for a sales team, in one file.

Usage: ${NAME} [command]

Commands:
  (none)          serve the app (PORT, default 3000, on HOST, default 127.0.0.1)
  backup [file]   write a consistent, verified copy of the database to file
                  (default ./data/backups/app-<time>.db); safe while the server runs
  migrate         apply pending database migrations and exit (serving does this too)
  --version       print the version and the Node.js runtime's
  --help          print this text

The environment (or a .env file in the working folder) configures it as \`npm start\`:
DATABASE_PATH (default ./data/app.db), APP_URL, SMTP_URL, ADMIN_EMAIL/ADMIN_PASSWORD, ... (see the README).
Before a migration changes a database that holds data, a copy is written to <database>.before-<version>.
`;

class LaunchError extends Error {}

/** The embedded app as [relative path, mode, bytes] entries: a length-prefixed JSON index, then the files' bytes. */
function* entries(archive: Buffer): Generator<[string, number, Buffer]> {
  const indexLength = archive.readUInt32LE(0);
  const index = JSON.parse(archive.subarray(4, 4 + indexLength).toString('utf8')) as [string, number, number][];
  let offset = 4 + indexLength;
  for (const [file, mode, size] of index) {
    yield [file, mode, archive.subarray(offset, offset + size)];
    offset += size;
  }
}

/** node:sea answers only inside the executable, so it is loaded there and not imported. */
function sea(): typeof import('node:sea') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:sea') as typeof import('node:sea');
}

function unpack(target: string): void {
  const archive = zlib.gunzipSync(Buffer.from(sea().getRawAsset('app') as ArrayBuffer));
  const partial = `${target}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  for (const [file, mode, bytes] of entries(archive)) {
    const out = path.join(partial, file);
    fs.mkdirSync(path.dirname(out), { recursive: true, mode: PRIVATE_FOLDER });
    fs.writeFileSync(out, bytes, { mode: privateMode(mode) });
  }
  fs.writeFileSync(path.join(partial, COMPLETE_MARKER), `${RELEASE_VERSION} ${RELEASE_CONTENT_HASH}\n`, { mode: 0o600 });
  try {
    fs.renameSync(partial, target);
  } catch (error) {
    // Another process of the same release unpacked it first: use theirs.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(path.join(target, COMPLETE_MARKER))) throw error;
  }
}

/** The folder the app runs from, unpacked when missing; older releases' folders beside it are removed when `tidy`. */
function appFolder(tidy: boolean): string {
  const database = process.env.DATABASE_PATH?.trim() || './data/app.db';
  const base = database === ':memory:' ? path.join(os.tmpdir(), `${NAME}-runtime`) : path.join(path.dirname(path.resolve(database)), '.runtime');
  const folder = path.join(base, `${RELEASE_VERSION}-${RELEASE_CONTENT_HASH}`);
  try {
    fs.mkdirSync(base, { recursive: true, mode: PRIVATE_FOLDER });
    fs.chmodSync(base, PRIVATE_FOLDER);
    let fresh = !fs.existsSync(path.join(folder, COMPLETE_MARKER));
    if (!fresh) {
      const manifest = JSON.parse(sea().getAsset('manifest', 'utf8')) as Manifest;
      const found = differences(folder, manifest);
      if (!isIntact(found)) {
        console.error(`The app's files in ${folder} are not the release's (${describeDifferences(found)}): unpacking them again.`);
        fresh = true;
      }
    }
    if (fresh) {
      fs.rmSync(folder, { recursive: true, force: true });
      unpack(folder);
    }
    if (tidy) {
      for (const other of fs.readdirSync(base)) {
        if (other !== path.basename(folder) && !other.includes('.partial-')) fs.rmSync(path.join(base, other), { recursive: true, force: true });
      }
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new LaunchError(`Cannot prepare the app's files in ${base} (the folder of DATABASE_PATH must be writable): ${reason}`);
  }
  return folder;
}

/** ES modules are loaded through a CommonJS file of the app: the executable's own entry point cannot import() files. */
function importFrom(folder: string, file: string): Promise<Record<string, unknown>> {
  const trampoline = path.join(folder, 'import.cjs');
  const load = createRequire(trampoline)(trampoline) as (url: string) => Promise<Record<string, unknown>>;
  return load(pathToFileURL(path.join(folder, file)).href);
}

function loadEnvironmentFile(): void {
  try {
    process.loadEnvFile('.env');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new LaunchError(`Cannot read .env: ${(error as Error).message}`);
  }
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === '--version' || command === '-v' || command === 'version') {
    console.log(`${NAME} ${RELEASE_VERSION} (Node.js ${process.version})`);
    return 0;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  if (command !== undefined && command !== 'serve' && command !== 'backup' && command !== 'migrate') {
    console.error(`Unknown command: ${command}. Run ${NAME} --help for the commands.`);
    return 2;
  }
  const extra = command === 'backup' ? rest.slice(1) : rest;
  if (extra.length > 0) {
    console.error(`Unexpected argument: ${extra[0]}. Run ${NAME} --help for the commands.`);
    return 2;
  }
  loadEnvironmentFile();
  process.setSourceMapsEnabled(true);
  const serving = command === undefined || command === 'serve';
  const folder = appFolder(serving);
  if (serving) {
    await importFrom(folder, 'dist/server/main.js');
    return -1; // the server runs on; it exits on its own
  }
  const commands = await importFrom(folder, 'dist/server/commands.js');
  if (command === 'backup') return (commands.backupCommand as (file?: string) => Promise<number>)(rest[0]);
  return (commands.migrateCommand as () => number)();
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof LaunchError ? error.message : error);
    process.exitCode = 1;
  },
);
