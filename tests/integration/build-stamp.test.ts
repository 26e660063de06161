// npm start never serves a stale build (scripts/build.mjs): what counts as a source of each half, and when a build
// in dist/ is judged stale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InlineConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildClient, clientInputs, hashInputs, serverInputs, STAMP, staleReason } from '../../scripts/build.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-stamp-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('build stamps', () => {
  it('hash the client sources, the shared code, the Vite config and the lockfile — not the tests', () => {
    const inputs = clientInputs();
    expect(inputs).toEqual(
      expect.arrayContaining(['src/client/index.html', 'src/client/main.tsx', 'src/shared/money.ts', 'vite.config.ts', 'package-lock.json']),
    );
    expect(inputs.filter((f) => /\.test\.tsx?$/.test(f))).toEqual([]);
    expect(serverInputs()).toEqual(
      expect.arrayContaining(['src/server/main.ts', 'src/shared/money.ts', 'db/schema.ts', 'package-lock.json', 'scripts/build.mjs']),
    );
  });

  it('give the same stamp for the same files and another one when any file differs', () => {
    const a = hashInputs(['package.json', 'vite.config.ts']);
    expect(hashInputs(['vite.config.ts', 'package.json'])).toBe(a);
    expect(hashInputs(['package.json', 'tsconfig.json'])).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('judge a build stale when it is missing, unstamped or stamped for other sources', () => {
    expect(staleReason(dir, 'abc', 'index.html')).toBe('no build yet');
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    expect(staleReason(dir, 'abc', 'index.html')).toBe('the build has no stamp');
    fs.writeFileSync(path.join(dir, STAMP), 'def\n');
    expect(staleReason(dir, 'abc', 'index.html')).toBe('the sources changed since the last build');
    fs.writeFileSync(path.join(dir, STAMP), 'abc\n');
    expect(staleReason(dir, 'abc', 'index.html')).toBeNull();
  });
});

describe('building the client before the server starts', () => {
  // Vite sets NODE_ENV=production in the building process; npm start then starts the server in that same process, which
  // would take a local first run for a production deployment (demo hint hidden, the demo-accounts warning).
  // The build here is a stand-in that does to NODE_ENV what Vite's does and writes an index.html: this test is about
  // buildClient's handling of NODE_ENV. The real build (about 4 s of a core, then the compression) is what npm test's
  // browser tests drive: a build of the current sources by buildClient, made by their setup whenever dist/client is not
  // one (tests/e2e/global-setup.ts). Building it here as well proved nothing more.
  it('leaves NODE_ENV unset when it was (as under npm start)', async () => {
    const vitestValue = process.env.NODE_ENV;
    delete process.env.NODE_ENV; // Vite sets it only when it is unset
    try {
      const out = path.join(dir, 'client');
      const asked: InlineConfig[] = [];
      const viteLike = async (config: InlineConfig) => {
        asked.push(config);
        process.env.NODE_ENV ||= 'production';
        fs.mkdirSync(config.build!.outDir!, { recursive: true });
        fs.writeFileSync(path.join(config.build!.outDir!, 'index.html'), '<!doctype html>');
      };
      await buildClient(out, 'test-stamp', { build: viteLike });
      expect(asked).toEqual([expect.objectContaining({ mode: 'production', build: expect.objectContaining({ outDir: out }) })]);
      expect(fs.readFileSync(path.join(out, STAMP), 'utf8').trim()).toBe('test-stamp');
      expect(process.env.NODE_ENV).toBeUndefined();
    } finally {
      process.env.NODE_ENV = vitestValue;
    }
  });
});
