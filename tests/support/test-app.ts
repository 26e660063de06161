// A real app on a real SQLite file in a temp folder: integration tests go through app.request() and createCaller,
// never a mocked database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createApp } from '../../src/server/app';
import { createSession } from '../../src/server/auth/session';
import type { Clock } from '../../src/server/clock';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { closeDatabase, openDatabase, type Db } from '../../src/server/db/database';
import { createMailer } from '../../src/server/mail/mailer';
import { demoAccounts } from '../../src/server/seed/demo-data';
import { seedDemo } from '../../src/server/seed/seed';
import { startOwedMailWorker, type OwedMailWorker } from '../../src/server/services/owed-mail-worker';
import { findUserByEmail } from '../../src/server/services/users';
import type { ResolveHost } from '../../src/server/services/webhook-address';
import { createInnerContext, type Services } from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/trpc/root';
import { TestClock } from './clock';
import { fakeDns } from './fake-dns';

export const APP_URL = 'http://localhost:3000';
/** APP_URL's host: the Host header the server accepts. */
export const APP_HOST = new URL(APP_URL).host;
export const ADMIN = demoAccounts[0];
export const USER = demoAccounts[1];

export interface TestResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: Services;
  db: Db;
  config: AppConfig;
  clock: TestClock;
  dir: string;
  /** A browser-like client that keeps its session cookie. */
  client(): TestClient;
  /** Signs in through POST /api/login and returns the client holding the cookie. */
  login(email: string, password: string): Promise<TestClient>;
  /** A tRPC caller with a real session for this account (null: anonymous). */
  callerAs(email: string | null): ReturnType<typeof createCaller>;
  close(): void;
  /** The worker sending the mail the app owes (confirmations, the owner's notices, reminders), on the test clock. */
  owedMail: OwedMailWorker;
  /** Resolves once every mail owed and due is sent or tried, and every delivery under way is logged. */
  mailed(): Promise<void>;
  /** close() once the mails under way are delivered: a delivery logs its row after the request that started it answered. */
  closeWhenMailed(): Promise<void>;
}

export class TestClient {
  cookie: string | null = null;
  constructor(
    private readonly app: TestApp['app'],
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse> {
    const h: Record<string, string> = { ...this.defaultHeaders, ...headers };
    if (this.cookie) h.cookie = this.cookie;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await this.app.request(url, { method, headers: h, body: payload });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const first = setCookie.split(';')[0] ?? '';
      const [, value] = first.split('=');
      this.cookie = value ? first : null;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }
  patch(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PATCH', url, body ?? {}, headers);
  }
  put(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', url, body, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request('DELETE', url, undefined, headers);
  }
}

/** A test app for one file with the admin signed in. */
export async function appWithAdmin(): Promise<{ t: TestApp; admin: TestClient }> {
  const t = await createTestApp();
  return { t, admin: await t.login(ADMIN.email, ADMIN.password) };
}

/** A test app for one file with both the admin and the demo user signed in. */
export async function appWithAdminAndUser(): Promise<{ t: TestApp; admin: TestClient; user: TestClient }> {
  const { t, admin } = await appWithAdmin();
  return { t, admin, user: await t.login(USER.email, USER.password) };
}

/** A test app for one file with the demo user signed in. */
export async function appWithUser(): Promise<{ t: TestApp; user: TestClient }> {
  const t = await createTestApp();
  return { t, user: await t.login(USER.email, USER.password) };
}

/** The callers an admin-only route refuses, each with its status: someone signed out 401, the demo user 403. */
export async function nonAdmins(t: TestApp): Promise<(readonly [TestClient, 401 | 403])[]> {
  return [
    [t.client(), 401],
    [await t.login(USER.email, USER.password), 403],
  ];
}

export async function createTestApp(
  options: {
    seed?: boolean;
    clock?: TestClock;
    env?: Record<string, string>;
    /** a database file to start from (copied) */
    database?: string;
    /** how webhook hosts resolve; by default no name does (tests never ask the network's DNS) */
    resolveHost?: ResolveHost;
  } = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-test-'));
  const clientDir = path.join(dir, 'client');
  fs.mkdirSync(clientDir);
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  const config = loadConfig({
    DATABASE_PATH: path.join(dir, 'app.db'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    APP_URL,
    // Test files register and reset many accounts from one (in-process) address; the limit tests turn them back on.
    RATE_LIMIT_REGISTER: '0',
    RATE_LIMIT_RESET: '0',
    ...options.env,
  });
  const clock = options.clock ?? new TestClock();
  const seed = options.seed ?? true;
  // seeded on a new TestClock, the copy holds what seeding here would write (tests/support/seeded-database.ts)
  const seeded = seed && !options.clock && !options.database ? inject('seededDatabase') : undefined;
  const from = options.database ?? seeded;
  if (from) fs.copyFileSync(from, config.databasePath);
  const db = openDatabase(config.databasePath);
  if (seed && !seeded) await seedDemo(db, clock as Clock);
  const mailer = createMailer(db, config, clock);
  const services: Services = { db, config, clock, mailer, resolveHost: options.resolveHost ?? fakeDns() };
  const app = createApp(services, { clientDir });
  const owedMail = startOwedMailWorker(services);

  const t: TestApp = {
    app,
    services,
    db,
    config,
    clock,
    dir,
    client: () => new TestClient(app),
    async login(email, password) {
      const c = new TestClient(app);
      const res = await c.post('/api/login', { username: email, password });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.text}`);
      return c;
    },
    callerAs(email) {
      if (email === null) return createCaller(createInnerContext(services));
      const user = findUserByEmail(db, email);
      if (!user) throw new Error(`no user ${email}`);
      const { session } = createSession(db, clock, user.id);
      return createCaller(createInnerContext(services, { user, session }));
    },
    owedMail,
    async mailed() {
      await owedMail.idle();
      await mailer.idle();
    },
    close() {
      // stops at once (a try in flight finds the database closed and is taken back at the next start)
      void owedMail.stop();
      mailer.close();
      closeDatabase(db);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async closeWhenMailed() {
      await t.mailed();
      await owedMail.stop();
      t.close();
    },
  };
  return t;
}
