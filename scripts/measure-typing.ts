// Typing budget of the calculator: the time from a keystroke in the units field to the updated monthly total being
// painted, over 50 keystrokes in Chromium, at full speed and with the CPU throttled 4×. Prints the figures; asserts nothing.
//
//   npm run measure:typing                 builds the client into a temp folder, starts a server on a temp database
//   CLIENT_DIR=dist/client npm run measure:typing   reuses a build
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildClient, ensureBuilt } from './build.mjs';
import { startServerProcess } from './server-kit';
import { testBrowserPath } from '../tests/support/browser';

const KEYSTROKES = 50;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-typing-'));
  const clientDir = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : path.join(dir, 'client');
  if (!process.env.CLIENT_DIR) {
    console.log('building the client…');
    await buildClient(clientDir);
  }
  await ensureBuilt({ client: false, log: () => undefined });
  const server = await startServerProcess({ dir, env: { NODE_ENV: 'production', CLIENT_DIR: clientDir, LOG_LEVEL: 'warn' } });
  const { url } = server;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: testBrowserPath(),
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${url}/auth`);
    await page.getByLabel('Email Address').first().fill('demo@example.com');
    await page.getByLabel('Password', { exact: true }).first().fill('Demo12345');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${url}/`);
    const units = page.getByLabel('Units', { exact: true });
    await units.waitFor();
    await page.getByTestId('total-monthly').waitFor();
    await units.fill('100');
    await units.press('End');

    // In the page: the keydown's timestamp, then the first animation frame after the total's text changed, then the
    // task after that frame (the frame has been painted by then).
    await page.evaluate(() => {
      const w = window as unknown as { __arm: () => void; __result: Promise<number> };
      let keyAt = 0;
      document.addEventListener('keydown', (e) => (keyAt = e.timeStamp), { capture: true });
      w.__arm = () => {
        w.__result = new Promise<number>((resolve, reject) => {
          const el = document.querySelector('[data-testid="total-monthly"]')!;
          const before = el.textContent;
          const timer = setTimeout(() => reject(new Error('the total did not change')), 5000);
          const obs = new MutationObserver(() => {
            if (el.textContent === before) return;
            obs.disconnect();
            requestAnimationFrame(() => {
              const ch = new MessageChannel();
              ch.port1.onmessage = () => {
                clearTimeout(timer);
                resolve(performance.now() - keyAt);
              };
              ch.port2.postMessage(null);
            });
          });
          obs.observe(el, { childList: true, characterData: true, subtree: true });
        });
      };
    });

    // At the machine's own speed, then with the CPU throttled 4× (Lighthouse's mobile preset): a slower laptop or phone.
    const cdp = await page.context().newCDPSession(page);
    const digits = '7392846153';
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const times: number[] = [];
      for (let i = 0; i < KEYSTROKES; i++) {
        const key = i % 2 === 0 ? digits[(i / 2) % digits.length]! : 'Backspace';
        // arm first (awaited), then type, then collect: the observer is in place before the key arrives
        await page.evaluate(() => (window as unknown as { __arm: () => void }).__arm());
        await page.keyboard.press(key);
        try {
          times.push(await page.evaluate(() => (window as unknown as { __result: Promise<number> }).__result));
        } catch (err) {
          throw new Error(`keystroke ${i + 1} (${key}): the field reads "${await units.inputValue()}"`, { cause: err });
        }
      }
      times.sort((a, b) => a - b);
      const median = (times[KEYSTROKES / 2 - 1]! + times[KEYSTROKES / 2]!) / 2;
      const p75 = times[Math.floor(KEYSTROKES * 0.75)]!;
      const p90 = times[Math.floor(KEYSTROKES * 0.9)]!;
      console.log(
        `CPU ${rate}×: keystroke → total painted over ${KEYSTROKES} keystrokes: median ${median.toFixed(1)} ms, p75 ${p75.toFixed(1)} ms, ` +
          `p90 ${p90.toFixed(1)} ms, max ${times[KEYSTROKES - 1]!.toFixed(1)} ms (budget: p75 ≤ 50 ms)`,
      );
    }
  } finally {
    await browser?.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
