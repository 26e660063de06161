// The README's pictures, taken from the running app: a server on a temporary database with a few demo quotes, and
// Debian's Chromium at desk width. `npm run screenshots:readme` writes docs/images/*.png; `LOOK=1` also keeps a
// picture of every screen at 1280, 1024 and 390 px in test-results/look, for a person to check the layout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { testBrowserPath } from '../tests/support/browser';
import { ensureBuilt } from './build.mjs';
import { startServerProcess } from './server-kit';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'docs/images');
const LOOK = path.join(ROOT, 'test-results/look');
const look = process.env.LOOK === '1';

/** Every screen at 1280, 1024 and 390 px, the visible window only (toasts and fixed bars where a person sees them). */
async function lookAt(page: Page, url: string, paths: string[]): Promise<void> {
  fs.mkdirSync(LOOK, { recursive: true });
  for (const p of paths) {
    for (const width of [1280, 1024, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(`${url}${p}`);
      await page.waitForLoadState('networkidle');
      const name = p.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      await page.screenshot({ path: path.join(LOOK, `${name}-${width}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function main(): Promise<void> {
  await ensureBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-readme-'));
  const server = await startServerProcess({ dir, env: { LOG_LEVEL: 'warn', COMPANY_NAME: 'Acme Workplace' } });
  const { url } = server;
  try {
    const browser = await chromium.launch({ executablePath: testBrowserPath(), args: ['--no-sandbox', '--disable-gpu'] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const api = page.request;
    const login = await api.post(`${url}/api/login`, { data: { username: 'demo@example.com', password: 'Demo12345' } });
    if (!login.ok()) throw new Error(`login: ${login.status()}`);
    const packages = (await (await api.get(`${url}/api/packages`)).json()) as { id: number; name: string }[];
    const quotes = [
      { name: 'Harbour Offices HQ', customerCompany: 'Harbour Offices BV', customerName: 'Eva de Vries', customerEmail: 'eva@harbour.example' },
      { name: 'Northwind campus', customerCompany: 'Northwind Traders', customerName: 'Sam Patel', customerEmail: 'sam@northwind.example' },
      { name: 'Blue Fern coworking', customerCompany: 'Blue Fern', customerName: 'Ana Lima', customerEmail: 'ana@bluefern.example' },
    ];
    const ids: number[] = [];
    for (const [i, q] of quotes.entries()) {
      const res = await api.post(`${url}/api/configurations`, {
        data: {
          ...q,
          packageId: packages[(i + 1) % packages.length]!.id,
          squareMeters: 950 + i * 700,
          locations: 2 + i,
          contractDuration: 36,
          paymentFrequency: 'annually',
          pricingModel: 'sqm',
        },
      });
      ids.push(((await res.json()) as { id: number }).id);
    }
    // a life for the pictures: one quote accepted through its link, one revised after it was sent
    const shared = (await (await api.post(`${url}/api/configurations/${ids[0]}/share`)).json()) as { url: string };
    const token = shared.url.split('/q/')[1]!;
    await api.post(`${url}/api/shared/${token}/accept`, { data: { name: 'Eva de Vries', email: 'eva@harbour.example', consent: true } });
    await api.post(`${url}/api/configurations/${ids[1]}/status`, { data: { status: 'sent' } });
    await api.patch(`${url}/api/configurations/${ids[1]}`, { data: { squareMeters: 2400 } });
    await api.post(`${url}/api/configurations/${ids[2]}/status`, { data: { status: 'sent' } });

    const shots: { path: string; name: string; ready: (p: Page) => Promise<unknown> }[] = [
      { path: `/calculator/${ids[2]}`, name: 'calculator', ready: (p) => p.getByTestId('sent-notice').waitFor() },
      { path: '/saved-configurations', name: 'saved-configurations', ready: (p) => p.getByTestId('saved-row').first().waitFor() },
    ];
    fs.mkdirSync(OUT, { recursive: true });
    for (const s of shots) {
      await page.goto(`${url}${s.path}`);
      await s.ready(page);
      await page
        .locator('[data-testid="toast"]')
        .first()
        .waitFor({ state: 'detached', timeout: 8_000 })
        .catch(() => undefined);
      await page.screenshot({ path: path.join(OUT, `${s.name}.png`) });
    }
    if (look) await lookAt(page, url, [`/calculator/${ids[2]}`, '/saved-configurations', '/calculator/999', '/reset-password?token=nope']);
    // the admin's Activity tab, where every change of a quote is told in words
    await api.post(`${url}/api/logout`);
    await api.post(`${url}/api/login`, { data: { username: 'admin@example.com', password: 'Admin1234' } });
    await page.goto(`${url}/admin/dashboard`);
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByTestId('activity-entry').first().waitFor();
    await page.screenshot({ path: path.join(OUT, 'activity.png') });
    if (look) await lookAt(page, url, ['/admin/dashboard']);

    await browser.close();
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
