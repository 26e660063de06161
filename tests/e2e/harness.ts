// Browser-test harness: a real server process on a temporary database and a free port, and Debian's Chromium
// (tests/support/browser.ts) driven by playwright-core. Screenshots are kept in test-results/screenshots as artifacts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { startServerProcess } from '../../scripts/server-kit';
import { testBrowserPath } from '../support/browser';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results/screenshots');
export const CHROMIUM = testBrowserPath();

export interface RunningServer {
  url: string;
  dir: string;
  output: () => string;
  /** SIGTERM, wait for exit, remove the temp folder (unless kept) and return the exit code. */
  stop(options?: { keepFiles?: boolean }): Promise<number | null>;
}

/**
 * Starts the compiled server as `npm start` runs it (`node dist/server/main.js`, built by global-setup.ts) on a fresh
 * database in a temp folder.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-e2e-'));
  const server = await startServerProcess({ dir, env: { CLIENT_DIR: inject('clientDir'), ...env }, nodeArgs: ['--enable-source-maps'] });
  return {
    url: server.url,
    dir,
    output: server.output,
    async stop(options) {
      const code = await server.stop();
      if (!options?.keepFiles) fs.rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * One server (startServer(env)) and one browser for the tests of a describe block: started in beforeAll, and in
 * afterAll the browser closed and the server stopped, which must exit with 0. Call it in the describe block, before
 * the block's own hooks: theirs run after its beforeAll and before its afterAll.
 */
export function serverAndBrowser(env: Record<string, string> = {}): { readonly server: RunningServer; readonly browser: Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async ({}, suite) => {
    // a failed step is easier to read next to what the server did meanwhile (its request lines, any error)
    if (server && failedIn(suite)) {
      console.log(`server output, last 60 lines:\n${server.output().split('\n').slice(-60).join('\n')}`);
      if (browser) console.log(await pagesNow(browser));
    }
    await browser?.close();
    expect(await server?.stop()).toBe(0);
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not started yet (beforeAll)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet (beforeAll)');
      return browser;
    },
  };
}

interface TaskLike {
  result?: { state?: string };
  tasks?: readonly TaskLike[];
}

function failedIn(task: TaskLike): boolean {
  return task.result?.state === 'fail' || (task.tasks ?? []).some(failedIn);
}

/** What each open page showed when a step failed: its address and its accessibility tree (dialogs, toasts, texts). */
async function pagesNow(browser: Browser): Promise<string> {
  const out: string[] = [];
  for (const page of browser.contexts().flatMap((c) => c.pages())) {
    const tree = await page
      .locator('body')
      .ariaSnapshot({ timeout: 5_000 })
      .catch((e: Error) => `(no snapshot: ${e.message})`);
    out.push(`page ${page.url()}:\n${tree.split('\n').slice(0, 150).join('\n')}`);
  }
  return out.join('\n');
}

/**
 * A step waits at most 20 s for its element: a stuck step then fails naming what it waited for, inside the test's
 * 60 s, instead of the test timing out without saying where.
 */
const STEP_TIMEOUT_MS = 20_000;

/**
 * Debian's Chromium, every page in it asking for reduced motion as a user can in their system settings: the app then
 * shows dialogs, menus and toasts without their entry and exit animations (src/client/app/theme.ts), so a step never
 * clicks a control that is still sliding in, and the suite spends no time waiting for motion.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // like Playwright's own browser.newPage: the context goes when its page closes
    page.on('close', () => void context.close().catch(() => {}));
    return page;
  };
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A test's page lives seconds: V8's optimising compilers cost more CPU than they earn in that time (TurboFan about
      // a tenth of the browser's CPU, Maglev another twentieth). The interpreter and the baseline compiler still run.
      '--js-flags=--max-opt=1',
    ],
  });
}

/**
 * Pictures of the screens are for a person to look at, not assertions: `npm run screenshots` takes them (the browser
 * tests with SCREENSHOTS=1); `npm test` runs the same steps and checks without them (SCREENSHOTS=0).
 */
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS !== '0';

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (!TAKE_SCREENSHOTS) return file;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Resolves once the browser has laid out and painted twice: a resize's media queries and re-renders have landed. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Waits until the page's finite CSS animations and transitions (a dialog opening, a panel expanding) have finished,
 * then for a painted frame. Endless ones (a spinner) are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await nextFrames(page);
}

const callsInFlight = new WeakMap<Page, Set<object>>();

/** Counts the page's /trpc and /api calls from now on, for callsSettled (signIn does it for its page). */
export function watchCalls(page: Page): void {
  if (callsInFlight.has(page)) return;
  const open = new Set<object>();
  callsInFlight.set(page, open);
  const isCall = (url: string) => /\/(trpc|api)\//.test(new URL(url).pathname);
  page.on('request', (r) => void (isCall(r.url()) && open.add(r)));
  page.on('requestfinished', (r) => void open.delete(r));
  page.on('requestfailed', (r) => void open.delete(r));
}

/**
 * Waits until no call to the server is on its way, and none was started by the page rendering the last answers (two
 * frames later there is still none). A step that changes the session from
 * outside the page (a logout through the API) waits for this first: an answer the page asked for before the change
 * would otherwise land after it and act on the old session, or the new one, depending on the machine's speed.
 */
export async function callsSettled(page: Page): Promise<void> {
  const open = callsInFlight.get(page);
  if (!open) throw new Error('callsSettled: watchCalls(page) was not called before the page loaded');
  await expect
    .poll(
      async () => {
        if (open.size > 0) return false;
        await nextFrames(page);
        return open.size === 0;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(true);
}

/** Signs in through the login form, as a user would, and waits until the app has moved on to its start page (/). */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  watchCalls(page);
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Email Address').first().fill(email);
  await page.getByLabel('Password', { exact: true }).first().fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/**
 * Signs in through `POST /api/login` in the page's own context (the context keeps the session cookie) and opens
 * `path`: for steps about what comes after signing in, one page load instead of two. The form itself is driven by
 * signIn above and by accounts.e2e.ts.
 */
export async function signInThroughApi(page: Page, baseUrl: string, email: string, password: string, path = '/'): Promise<void> {
  watchCalls(page);
  const res = await page.request.post(`${baseUrl}/api/login`, { data: { username: email, password } });
  if (!res.ok()) throw new Error(`POST /api/login answered ${res.status()}: ${await res.text()}`);
  await page.goto(`${baseUrl}${path}`);
}

/**
 * Ticks or unticks a Chakra checkbox, radio or switch as a user does: a click on its visible label (Playwright waits
 * until it is visible, stable and not covered, so a panel still sliding open cannot swallow the click), then waits
 * for the state to follow. `input` is the hidden input that carries the role and name.
 */
export async function setChoice(input: Locator, checked: boolean): Promise<void> {
  // pinned by id: once ticked, other controls (an add-on's "Waive Setup Fee" switch) may carry the same name
  const pinned = input.page().locator(`[id="${await input.getAttribute('id')}"]`);
  if ((await pinned.isChecked()) === checked) return;
  await pinned.locator('xpath=..').click();
  await expect.poll(() => pinned.isChecked(), { timeout: 10_000 }).toBe(checked);
}

/** The link to `page` (the reset or the email verification page) in the newest such .eml in the outbox (quoted-printable decoded). */
export async function linkFromOutbox(dir: string, to: string, page: 'reset-password' | 'verify-email' = 'reset-password'): Promise<string> {
  const outbox = path.join(dir, 'outbox');
  const linkInOutbox = (): string | undefined => {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    for (const f of files.reverse()) {
      const raw = fs.readFileSync(path.join(outbox, f), 'utf8');
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      const m = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[A-Za-z0-9%_\\-.~]+`).exec(decoded);
      if (m) return m[0];
    }
    return undefined;
  };
  await expect.poll(linkInOutbox, { timeout: 10_000, message: `no ${page} mail for ${to} in ${outbox}` }).toBeDefined();
  return linkInOutbox()!;
}
