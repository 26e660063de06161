import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPLETE_MARKER, describeDifferences, differences, digestOf, isIntact, privateMode, type Manifest } from './runtime-check';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An unpacked release of two files, and the manifest the executable would hold for it. */
function unpacked(): Manifest {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-runtime-'));
  const files = { 'dist/server/main.js': 'console.log("serving");\n', 'node_modules/x/index.js': 'module.exports = 1;\n' };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  fs.writeFileSync(path.join(dir, COMPLETE_MARKER), '0.1.0 abc\n');
  return Object.fromEntries(Object.entries(files).map(([rel, text]) => [rel, digestOf(Buffer.from(text))]));
}

describe('the unpacked runtime against the digests the release holds', () => {
  it('is intact when it holds exactly the shipped files (the completion marker aside)', () => {
    const manifest = unpacked();
    expect(differences(dir, manifest)).toEqual({ changed: [], missing: [], added: [] });
  });

  it('a line appended to main.js, a removed file and an added one are each told', () => {
    const manifest = unpacked();
    fs.appendFileSync(path.join(dir, 'dist/server/main.js'), 'require("child_process").execSync("id");\n');
    fs.rmSync(path.join(dir, 'node_modules/x/index.js'));
    fs.writeFileSync(path.join(dir, 'dist/server/extra.js'), 'evil();\n');
    const found = differences(dir, manifest);
    expect(found).toEqual({ changed: ['dist/server/main.js'], missing: ['node_modules/x/index.js'], added: ['dist/server/extra.js'] });
    expect(isIntact(found)).toBe(false);
    expect(describeDifferences(found)).toBe('changed dist/server/main.js; missing node_modules/x/index.js; added dist/server/extra.js');
  });

  it('a link in place of a shipped file is not the file', () => {
    const manifest = unpacked();
    const target = path.join(dir, 'dist/server/main.js');
    fs.renameSync(target, path.join(dir, 'elsewhere.js'));
    fs.symlinkSync(path.join(dir, 'elsewhere.js'), target);
    expect(isIntact(differences(dir, manifest))).toBe(false);
  });

  it("unpacked files keep only the owner's bits", () => {
    expect([privateMode(0o644), privateMode(0o755), privateMode(0o600)]).toEqual([0o600, 0o700, 0o600]);
  });
});
