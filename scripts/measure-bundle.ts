// npm run measure:bundle — builds the client into a temp folder and prints every chunk's gzipped size, then what the
// first screen (/auth) loads: the entry script and the chunks index.html preloads with it. Budget: 200 KiB gzipped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET = 200 * 1024;
const root = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-bundle-'));
try {
  process.env.NODE_ENV = 'production';
  await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const assets = path.join(outDir, 'assets');
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
  const kib = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KiB`;

  const chunks = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => ({ file: f, gzip: gz(f) }))
    .sort((a, b) => b.gzip - a.gzip);
  console.log('Every chunk, gzipped:');
  for (const c of chunks) console.log(`  ${kib(c.gzip)}  ${c.file}`);

  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const firstScreen = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const total = firstScreen.reduce((sum, f) => sum + gz(f), 0);
  console.log(`\nFirst screen (/auth): ${firstScreen.join(', ')}`);
  console.log(
    `First screen JavaScript: ${kib(total).trim()} gzipped (budget ${kib(BUDGET).trim()}): ${total <= BUDGET ? 'within budget' : 'OVER BUDGET'}`,
  );
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
