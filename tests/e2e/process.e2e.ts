import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { webhookReceiver } from '../support/webhook-receiver';
import { startServer, type RunningServer } from './harness';

describe('the server process', () => {
  it('honours PORT and DATABASE_PATH, and a stop signal closes it and the database cleanly', async () => {
    const server = await startServer();
    const dbFile = path.join(server.dir, 'app.db');
    expect(fs.existsSync(dbFile)).toBe(true);

    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@example.com', password: 'Demo12345' }),
    });
    expect(login.status).toBe(200);

    const code = await server.stop({ keepFiles: true });
    // on a failure, what the server said while closing is the place to look
    expect({ code, tail: code === 0 ? '' : server.output().split('\n').slice(-20).join('\n') }).toEqual({ code: 0, tail: '' });
    expect(server.output()).toContain('SIGTERM received: closing.');
    // The WAL was checkpointed into the main file on close: nothing is left pending.
    const wal = `${dbFile}-wal`;
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
    const db = new Database(dbFile, { readonly: true });
    const row = db.prepare("select last_login from users where email = 'demo@example.com'").get() as { last_login: number };
    db.close();
    expect(row.last_login).toBeGreaterThan(0);
    fs.rmSync(server.dir, { recursive: true, force: true });
  });
});

/** A signed-in client of one server: JSON in and out, the session cookie kept. */
function clientOf(url: string, cookie?: string) {
  const state = { cookie };
  const request = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(state.cookie ? { cookie: state.cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('session='));
    if (set) state.cookie = set.split(';')[0];
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return { request, state };
}

// A restart loses no webhook delivery (docs/API.md "Webhooks"): the server fails to deliver to a receiver answering
// 500, is stopped with SIGTERM, and once started again on the same database delivers the same message, signed as
// Standard Webhooks says, to the receiver now answering 204.
describe('a restart of the server process', () => {
  it('loses no delivery: a failed try before SIGTERM is delivered, signed, after the restart', { timeout: 120_000 }, async () => {
    const rx = webhookReceiver();
    rx.answer([], 500);
    const { received } = rx;
    const hookUrl = await rx.listen();
    const waitUntil = (condition: () => Promise<boolean>) =>
      vi.waitFor(async () => expect(await condition()).toBe(true), { timeout: 30_000, interval: 50 });
    // retries 200 ms, 1 s, 6 s… apart, so this takes seconds
    // the receiver listens on 127.0.0.1
    const env = { WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_ALLOW_PRIVATE: 'true' };

    const first = await startServer(env);
    let second: RunningServer | undefined;
    try {
      const admin = clientOf(first.url);
      expect((await admin.request('POST', '/api/login', { username: 'admin@example.com', password: 'Admin1234' })).status).toBe(200);
      const hook = await admin.request('POST', '/api/admin/webhooks', { url: hookUrl, events: ['quote.created'] });
      expect(hook.status).toBe(201);
      const created = await admin.request('POST', '/api/configurations', {
        name: 'Restart',
        packageId: 1,
        pricingModel: 'sqm',
        squareMeters: 500,
        locations: 1,
        contractDuration: 12,
        paymentFrequency: 'monthly',
      });
      expect(created.status).toBe(201);

      const deliveries = async (client: ReturnType<typeof clientOf>) =>
        (await client.request('GET', `/api/admin/webhooks/${hook.body.id}/deliveries`)).body as {
          id: number;
          status: string;
          attempts: number;
          lastResponseCode: number | null;
        }[];
      await waitUntil(async () => (await deliveries(admin)).some((d) => d.attempts >= 1));
      const [failed] = await deliveries(admin);
      expect(failed).toMatchObject({ status: 'pending', lastResponseCode: 500 });
      expect(received.length).toBeGreaterThanOrEqual(1);
      expect(received.every((r) => r.answered === 500)).toBe(true);

      expect(await first.stop({ keepFiles: true })).toBe(0);
      rx.answer([], 204);

      second = await startServer({ ...env, DATABASE_PATH: path.join(first.dir, 'app.db'), OUTBOX_DIR: path.join(first.dir, 'outbox') });
      // The session lives in the database too: the same cookie signs in to the restarted server.
      const again = clientOf(second.url, admin.state.cookie);
      await waitUntil(async () => (await deliveries(again)).some((d) => d.status === 'delivered'));
      const [delivered] = await deliveries(again);
      expect(delivered).toMatchObject({ id: failed!.id, status: 'delivered', lastResponseCode: 204 });
      expect(delivered!.attempts).toBeGreaterThan(failed!.attempts);

      const ok = received.filter((r) => r.answered === 204);
      expect(ok).toHaveLength(1);
      const message = new Webhook(hook.body.secret).verify(ok[0]!.body, ok[0]!.headers) as { type: string; data: { quote: { id: number } } };
      expect(message).toMatchObject({ type: 'quote.created', data: { quote: { id: created.body.id } } });
      // The same message on every try, so a receiver can drop repeats.
      expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);

      expect(await second.stop()).toBe(0);
    } finally {
      // stop() again is harmless: it waits for the exit it already saw
      await second?.stop();
      await first.stop();
      await rx.close();
    }
  });
});
