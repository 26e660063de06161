// Which Chromium the browser tests drive (tests/e2e/harness.ts) and npm test looks for before it starts
// (scripts/test.ts). Debian's chromium-headless-shell is the same Blink without the browser around it: the suite needs
// about a quarter less CPU with it (docs/DECISIONS.md "Operations"). Debian's full chromium serves where it is the one
// installed.
import fs from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

export function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH when set (used as it is, never replaced), else the headless shell, else the full browser. */
export function testBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return isExecutable(HEADLESS_SHELL) || !isExecutable(FULL_CHROMIUM) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
