// npm test on a machine without Chromium or pdftotext (scripts/test.ts): when it may not install them, it stops
// before any test with one line naming the command to run, and the closing "0 passed, 1 failed".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function npmTest(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/test.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return {
    code: r.status,
    lines: r.stdout
      .trim()
      .split('\n')
      .filter((l) => l.trim() !== ''),
  };
}

describe('npm test before any test', () => {
  it('names the command when the Chromium it was pointed at is missing, and runs nothing', () => {
    const { code, lines } = npmTest({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'npm test: /nonexistent/chromium missing — run `sudo apt-get install -y chromium-headless-shell` (or point CHROMIUM_PATH at an existing Chromium), then npm test again.',
      '0 passed, 1 failed',
    ]);
  });

  it('names poppler-utils when pdftotext is not on the PATH and apt-get is out of reach', () => {
    const { code, lines } = npmTest({ PATH: '/nonexistent' });
    expect(code).toBe(1);
    expect(lines).toEqual(['npm test: pdftotext missing — run `sudo apt-get install -y poppler-utils`, then npm test again.', '0 passed, 1 failed']);
  });
});
