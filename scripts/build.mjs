// Builds of the two halves, each stamped with a hash of its sources so a stale build is never served.
//   client: src/client/**, src/shared/**, vite.config.ts, package-lock.json  → vite build into dist/client
//   server: src/server/**, src/shared/**, db/*.ts, package-lock.json, this file → esbuild bundle dist/server/main.js
// The stamp (dist/<half>/.build-stamp) is the SHA-256 of every input's path and contents, written after a build;
// `npm start` (scripts/start.mjs) compares it with the sources and rebuilds what differs. Plain JavaScript on purpose:
// it runs before anything can transpile TypeScript.
//
// `npm run build` (this file run directly) rebuilds both halves unconditionally.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP = '.build-stamp';
export const CLIENT_OUT = path.join(ROOT, 'dist/client');
export const SERVER_OUT = path.join(ROOT, 'dist/server');

const isTestFile = (p) => /\.test\.tsx?$/.test(p) || p.startsWith('src/client/test/');

/** Files under `dir` (relative to ROOT, sorted), skipping tests. */
function walk(dir, filter = () => true) {
  const out = [];
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return out;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const rel = path
      .relative(ROOT, path.join(entry.parentPath ?? entry.path, entry.name))
      .split(path.sep)
      .join('/');
    if (!isTestFile(rel) && filter(rel)) out.push(rel);
  }
  return out;
}

export function clientInputs() {
  return [...walk('src/client'), ...walk('src/shared'), 'vite.config.ts', 'package-lock.json'];
}

export function serverInputs() {
  return [
    ...walk('src/server'),
    ...walk('src/shared'),
    ...walk('db', (p) => p.split('/').length === 2 && p.endsWith('.ts')),
    'package-lock.json',
    'scripts/build.mjs',
  ];
}

/** SHA-256 over each input's path and contents (a missing file counts as empty). */
export function hashInputs(files) {
  const hash = createHash('sha256');
  for (const rel of [...files].sort()) {
    hash.update(rel);
    hash.update('\0');
    try {
      hash.update(fs.readFileSync(path.join(ROOT, rel)));
    } catch {
      /* missing: path only */
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(dir) {
  try {
    return fs.readFileSync(path.join(dir, STAMP), 'utf8').trim();
  } catch {
    return null;
  }
}

/** Why the build in `dir` must be redone (null: it is current). */
export function staleReason(dir, stamp, entry) {
  if (!fs.existsSync(path.join(dir, entry))) return 'no build yet';
  const current = readStamp(dir);
  if (current === null) return 'the build has no stamp';
  if (current !== stamp) return 'the sources changed since the last build';
  return null;
}

/** What is worth compressing: text of at least 1 KiB (below that the encoding headers cost about what is saved). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file of a client build, once, at build
 * time: the server sends the smallest one the browser accepts (serveStatic `precompressed`), so no request pays for
 * compression and the app's ~1.3 MB of JavaScript travels as ~0.35 MB. The files are compressed side by side on
 * libuv's threads (Brotli at its best quality is most of a build's time on one core).
 */
export async function compressAssets(dir) {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const files = fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.promises.readFile(file);
      if (bytes.length < MIN_COMPRESS_BYTES) return;
      const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
      const [br, gz] = await Promise.all([brotli(bytes, { params }), gzip(bytes, { level: 9 })]);
      await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/**
 * Builds the client into `outDir` (emptied first), writes the compressed copies (compressAssets), then the stamp.
 * `build`: the function that builds, given Vite's inline config; Vite's own `build` unless one is passed (a test passes
 * a stand-in that does to NODE_ENV what Vite does, without the seconds of a real build).
 */
export async function buildClient(outDir = CLIENT_OUT, stamp = hashInputs(clientInputs()), { build } = {}) {
  build ??= (await import('vite')).build;
  // Vite sets NODE_ENV=production in this process while it builds; the server started next from the same process
  // would then take a local first run for a production deployment (demo hint hidden, the demo-accounts warning).
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await compressAssets(outDir);
  fs.writeFileSync(path.join(outDir, STAMP), `${stamp}\n`);
}

/**
 * Every module keeps its own import.meta.url in the bundle, so paths computed from it (migrations folder, project
 * root, assets next to a module) mean what they mean under tsx. `relocatable`: the URL is the source's place relative
 * to the bundle's own (dist/server), so a copy of the project's layout elsewhere (the release) finds its own files.
 */
function keepImportMeta(relocatable) {
  return {
    name: 'keep-import-meta',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        const relative = path.relative(SERVER_OUT, args.path).split(path.sep).join('/');
        const url = relocatable ? `new URL(${JSON.stringify(relative)}, import.meta.url).href` : JSON.stringify(pathToFileURL(args.path).href);
        const file = relocatable ? `decodeURIComponent(${url.replace(/\.href$/, '.pathname')})` : JSON.stringify(args.path);
        const dir = relocatable ? `${file}.replace(/\\/[^/]*$/, '')` : JSON.stringify(path.dirname(args.path));
        const contents = source.replaceAll('import.meta.url', url).replaceAll('import.meta.dirname', dir).replaceAll('import.meta.filename', file);
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * Bundles the server (our code only; packages stay imports from node_modules) into `outDir`/main.js, the PDF render
 * thread into `outDir`/pdf-worker.js (a worker loads a file of its own; src/server/pdf/render-pool.ts finds it through
 * SERVER_BUNDLE, which is set here and only here), and the backup and migrate commands into `outDir`/commands.js.
 * `relocatable` (the release): see keepImportMeta. Returns esbuild's metafile (what the bundle imports).
 */
export async function buildServer(outDir = SERVER_OUT, stamp = hashInputs(serverInputs()), { relocatable = false } = {}) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: {
      main: path.join(ROOT, 'src/server/main.ts'),
      'pdf-worker': path.join(ROOT, 'src/server/pdf/render-worker.ts'),
      commands: path.join(ROOT, 'src/server/commands.ts'),
    },
    define: { 'process.env.SERVER_BUNDLE': '"1"' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    outdir: outDir,
    write: false,
    logLevel: 'warning',
    metafile: true,
    plugins: [keepImportMeta(relocatable)],
  });
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) fs.writeFileSync(file.path, file.contents);
  fs.writeFileSync(path.join(outDir, STAMP), `${stamp}\n`);
  return result.metafile;
}

/**
 * Rebuilds what is stale; `client: false` skips the client (CLIENT_DIR points at a build of its own).
 * Returns what was done, with timings, for the start-up line and the measurements.
 */
export async function ensureBuilt({ client = true, force = false, log = console.log } = {}) {
  const done = { hashMs: 0, clientMs: 0, serverMs: 0 };
  const t0 = performance.now();
  const serverStamp = hashInputs(serverInputs());
  const clientStamp = client ? hashInputs(clientInputs()) : null;
  done.hashMs = performance.now() - t0;

  if (client) {
    const why = force ? 'requested' : staleReason(CLIENT_OUT, clientStamp, 'index.html');
    if (why) {
      log(`Building the client (${why}) ...`);
      const t = performance.now();
      await buildClient(CLIENT_OUT, clientStamp);
      done.clientMs = performance.now() - t;
      log(`Client built into dist/client in ${(done.clientMs / 1000).toFixed(1)} s.`);
    }
  }
  const why = force ? 'requested' : staleReason(SERVER_OUT, serverStamp, 'main.js');
  if (why) {
    const t = performance.now();
    await buildServer(SERVER_OUT, serverStamp);
    done.serverMs = performance.now() - t;
    log(`Server compiled into dist/server (${why}) in ${Math.round(done.serverMs)} ms.`);
  }
  return done;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureBuilt({ force: true });
}
