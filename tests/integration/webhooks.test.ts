// Webhooks (docs/API.md "Webhooks"): subscriptions on both doors; deliveries written with the change that caused them
// and sent after it by the dispatcher, to a local receiver that checks the Standard Webhooks signature with the
// `standardwebhooks` package; failures retried with growing waits; pending deliveries survive a restart.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/server/db/database';
import { webhookTargets } from '../../src/server/services/webhook-address';
import { RETRY_FACTORS, startWebhookDispatcher, type WebhookDispatcher } from '../../src/server/services/webhook-dispatcher';
import { TestClock } from '../support/clock';
import { ADMIN, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';
import { trpcCall } from '../support/trpc-http';
import { webhookReceiver, type Received, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Real time, which a test can move ahead. Real, because a receiver checks a signature's timestamp against its own clock
 * (within 5 minutes); moved ahead, to bring a retry that waits minutes or hours to its time at once.
 */
class WallClock extends TestClock {
  private ahead = 0;
  override now(): Date {
    return new Date(Date.now() + this.ahead);
  }
  override advance(ms: number): void {
    this.ahead += ms;
  }
}

/** What `probe` gives once it gives something (checked every 20 ms); fails after `ms`, naming what it waited for. */
function until<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (!value) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: ms, interval: 20 },
  );
}

/** Short, so that where a test waits for the dispatcher's own timer to bring a retry, the wait is short too. */
const BASE_MS = 20;
const PRIVATE_ALLOWED = { WEBHOOK_ALLOW_PRIVATE: 'true' };
let t: TestApp;
let admin: TestClient;
let user: TestClient;
let rx: WebhookReceiver;
let url: string;
let dispatcher: WebhookDispatcher | undefined;
/** The running dispatcher's clock: its own, so that moving it leaves the app's sessions alone. */
let clock: WallClock;
const saved = {
  name: 'Hooked',
  packageId: 2,
  squareMeters: 800,
  addOns: [],
  discountIds: [],
  contractDuration: 24,
  customerEmail: 'ada@example.com',
};

beforeAll(async () => {
  // The receiver listens on 127.0.0.1: addresses inside are allowed here (webhook-targets.test.ts refuses them).
  t = await createTestApp({ clock: new WallClock(), env: PRIVATE_ALLOWED });
  admin = await t.login(ADMIN.email, ADMIN.password);
  user = await t.login(USER.email, USER.password);
  rx = webhookReceiver();
  url = await rx.listen();
});
afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
  rx.received.length = 0;
  rx.answer([]);
  t.db.$client.prepare('DELETE FROM webhooks').run();
});
afterAll(async () => {
  await rx.close();
  t.close();
});

const start = (options: { retryBaseMs?: number; timeoutMs?: number } = {}) => {
  clock = new WallClock();
  dispatcher = startWebhookDispatcher({
    db: t.db,
    clock,
    retryBaseMs: options.retryBaseMs ?? BASE_MS,
    retentionDays: 30,
    timeoutMs: options.timeoutMs,
    targets: webhookTargets(t.config, t.services.resolveHost),
  });
};

async function subscribe(events: string[], to = url): Promise<{ id: number; secret: string }> {
  const res = await admin.post('/api/admin/webhooks', { url: to, events });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

type Payload = { type: string; timestamp: string; data: any };
/** The received requests whose signature verifies with `secret` (Webhook.verify throws on any other). */
const verifiedBy = (secret: string) =>
  rx.received.filter((r) => {
    try {
      new Webhook(secret).verify(r.body, r.headers);
      return true;
    } catch {
      return false;
    }
  });
const payloadsOf = (list: Received[]) => list.map((r) => JSON.parse(r.body) as Payload);
const deliveries = async (id: number) => (await admin.get(`/api/admin/webhooks/${id}/deliveries`)).body as any[];
/** The time a delivery waits after a failed try, as recorded: from the try's start to the next one. */
const waitOf = (d: { lastAttemptAt: string; nextAttemptAt: string }) => Date.parse(d.nextAttemptAt) - Date.parse(d.lastAttemptAt);

describe('webhook subscriptions', () => {
  it('POST answers the signing secret once (whsec_ and base64); reads and the audit trail never hold it', async () => {
    const res = await admin.post('/api/admin/webhooks', { url, events: ['quote.accepted', 'quote.created'] });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['active', 'createdAt', 'events', 'id', 'secret', 'url']);
    expect(res.body.events).toEqual(['quote.created', 'quote.accepted']);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(res.body.secret.slice(6), 'base64').length).toBe(32);
    const secretPart = res.body.secret.slice(6);

    const list = await admin.get('/api/admin/webhooks');
    expect(list.body).toEqual([{ id: res.body.id, url, events: ['quote.created', 'quote.accepted'], active: true, createdAt: res.body.createdAt }]);
    const one = await admin.get(`/api/admin/webhooks/${res.body.id}`);
    expect(one.body.url).toBe(url);
    const changed = await admin.patch(`/api/admin/webhooks/${res.body.id}`, { events: ['quote.sent'], active: false });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ events: ['quote.sent'], active: false });
    expect((await admin.delete(`/api/admin/webhooks/${res.body.id}`)).status).toBe(204);
    expect((await admin.get(`/api/admin/webhooks/${res.body.id}`)).status).toBe(404);

    const audit = (await admin.get('/api/admin/audit?entity=webhook')).body.filter((e: { entityId: number }) => e.entityId === res.body.id);
    expect(audit.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(JSON.stringify(audit)).not.toContain(secretPart);
    expect(list.text + one.text + changed.text).not.toContain(secretPart);
  });

  it('refuses addresses that are not http(s), unknown events and an empty list (400), and anyone but an admin', async () => {
    for (const bad of ['ftp://example.com/x', 'javascript:alert(1)', 'not a url', 'file:///etc/passwd', 'http://user:pw@example.com/']) {
      const res = await admin.post('/api/admin/webhooks', { url: bad, events: ['quote.sent'] });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('Please enter an http:// or https:// address');
    }
    expect((await admin.post('/api/admin/webhooks', { url, events: [] })).body.message).toBe('Choose at least one event');
    expect((await admin.post('/api/admin/webhooks', { url, events: ['quote.exploded'] })).status).toBe(400);
    expect((await user.post('/api/admin/webhooks', { url, events: ['quote.sent'] })).status).toBe(403);
    expect((await t.client().get('/api/admin/webhooks')).status).toBe(401);
    expect((await admin.patch('/api/admin/webhooks/999999', { active: false })).status).toBe(404);
  });

  it('the same over tRPC (admin.webhooks.*)', async () => {
    const made = await trpcCall(admin, 'mutation', 'admin.webhooks.create', { url, events: ['catalogue.changed'] });
    expect(made.status, made.text).toBe(200);
    expect(made.body.result.data.secret).toMatch(/^whsec_/);
    const list = await trpcCall(admin, 'query', 'admin.webhooks.list');
    expect(list.body.result.data.map((w: { id: number }) => w.id)).toEqual([made.body.result.data.id]);
    expect((await trpcCall(user, 'query', 'admin.webhooks.list')).status).toBe(403);
  });
});

describe('deliveries', () => {
  it('each event reaches the webhooks that asked for it, after the change, signed as Standard Webhooks has it', async () => {
    start();
    const all = await subscribe([
      'quote.created',
      'quote.sent',
      'quote.viewed',
      'quote.accepted',
      'quote.declined',
      'quote.deleted',
      'catalogue.changed',
    ]);
    const acceptedOnly = await subscribe(['quote.accepted'], `${url}?only=accepted`);

    const made = await user.post('/api/configurations', saved);
    expect(made.status).toBe(201);
    const token = (await user.post(`/api/configurations/${made.body.id}/share`)).body.url.split('/q/')[1];
    expect((await t.client().get(`/api/shared/${token}`)).status).toBe(200);
    expect((await t.client().get(`/api/shared/${token}`)).status).toBe(200);
    const accepted = await t.client().post(`/api/shared/${token}/accept`, { name: 'Ada', email: 'ada@example.com', consent: true });
    expect(accepted.status, accepted.text).toBe(200);
    const other = await user.post('/api/configurations', { ...saved, name: 'Declined one' });
    const otherToken = (await user.post(`/api/configurations/${other.body.id}/share`)).body.url.split('/q/')[1];
    expect((await t.client().post(`/api/shared/${otherToken}/decline`, { reason: 'Too dear' })).status).toBe(200);
    expect((await user.delete(`/api/configurations/${other.body.id}`)).status).toBe(204);
    expect((await admin.patch('/api/discounts/1', { value: 6 })).status).toBe(200);

    const expected = [
      'quote.created',
      'quote.sent',
      'quote.viewed',
      'quote.accepted',
      'quote.created',
      'quote.sent',
      'quote.declined',
      'quote.deleted',
      'catalogue.changed',
    ];
    await until('every delivery', () => rx.received.length >= expected.length + 1);
    const mine = payloadsOf(verifiedBy(all.secret));
    expect(mine.map((p) => p.type).sort()).toEqual([...expected].sort());
    expect(payloadsOf(verifiedBy(acceptedOnly.secret)).map((p) => p.type)).toEqual(['quote.accepted']);
    expect(rx.received.length).toBe(expected.length + 1);

    const created = mine.find((p) => p.type === 'quote.created' && p.data.quote.id === made.body.id)!;
    expect(created.data.quote).toMatchObject({
      id: made.body.id,
      number: made.body.number,
      status: 'draft',
      tcv: expect.stringMatching(/^\d+\.\d\d$/),
      sellerDiscount: null,
    });
    expect(Object.keys(created).sort()).toEqual(['data', 'timestamp', 'type']);
    expect(mine.find((p) => p.type === 'quote.accepted')!.data.quote.status).toBe('accepted');
    expect(mine.find((p) => p.type === 'quote.deleted')!.data.quote).toMatchObject({ id: other.body.id, number: other.body.number });
    expect(mine.find((p) => p.type === 'catalogue.changed')!.data).toEqual({ entity: 'discount', id: 1, action: 'update' });
    for (const r of rx.received) {
      expect(r.headers['webhook-id']).toMatch(/^msg_/);
      expect(r.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(r.headers['content-type']).toBe('application/json');
    }
    const rows = await deliveries(all.id);
    expect(rows.every((d) => d.status === 'delivered' && d.attempts === 1 && d.lastResponseCode === 200 && d.nextAttemptAt === null)).toBe(true);
  });

  it('the request that causes an event never waits for its delivery: a receiver that never answers holds nothing up', async () => {
    start();
    const hook = await subscribe(['quote.created']);
    rx.answer(['hang']);
    expect((await user.post('/api/configurations', saved)).status).toBe(201);
    await until('the delivery to be sent', () => rx.received.length === 1);
    // The receiver holds that delivery open; another save is answered meanwhile, the delivery still untried.
    expect((await user.post('/api/configurations', saved)).status).toBe(201);
    const rows = await deliveries(hook.id);
    expect(rows.find((d) => d.id === Math.min(...rows.map((x) => x.id)))).toMatchObject({ status: 'pending', attempts: 0 });
    // The receiver goes away, so that stopping the dispatcher does not wait out the 10 s the delivery is given.
    rx.hangUp();
  });

  it('a failing receiver is tried again with growing waits, under the same message id, until it answers 2xx', async () => {
    start();
    const hook = await subscribe(['quote.created']);
    rx.answer([500, 503]);
    expect((await user.post('/api/configurations', saved)).status).toBe(201);
    await until('the third try', () => rx.received.length === 3);
    const ids = new Set(rx.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const d = await until('delivered', async () => (await deliveries(hook.id)).find((x) => x.status === 'delivered'));
    expect(d).toMatchObject({ event: 'quote.created', attempts: 3, lastResponseCode: 200, lastError: null, nextAttemptAt: null });
    expect(verifiedBy(hook.secret).length).toBe(3);
  });

  it('a failure is recorded as its kind with its next try: an error status, a refused connection, no answer', async () => {
    start({ timeoutMs: 300, retryBaseMs: 60_000 });
    const failing = await subscribe(['quote.created']);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await subscribe(['quote.created'], closedUrl);
    const silent = await subscribe(['quote.created'], `${url}?silent`);
    rx.answer([500, 'hang']);
    expect((await user.post('/api/configurations', saved)).status).toBe(201);

    const tried = async (id: number) => (await deliveries(id)).find((x) => x.attempts === 1);
    const [a, b, c] = [
      await until('500', () => tried(failing.id)),
      await until('refused', () => tried(refused.id)),
      await until('silent', () => tried(silent.id)),
    ];
    // The list names the outcome, never the network's words (ECONNREFUSED and the like).
    expect([a, b, c].map((x) => [x.lastResponseCode, x.lastError])).toEqual([
      [500, null],
      [null, 'connection failed'],
      [null, 'timed out'],
    ]);
    for (const x of [a, b, c]) {
      expect(x.status).toBe('pending');
      expect(waitOf(x)).toBeGreaterThanOrEqual(60_000 * RETRY_FACTORS[0]);
      expect(waitOf(x)).toBeLessThan(60_000 * RETRY_FACTORS[0] + 1_000);
    }
  });

  it('after the last try the delivery is failed; by default the tries span about 12 hours', async () => {
    const total = RETRY_FACTORS.reduce((sum, f) => sum + f, 0) * 60_000;
    expect(RETRY_FACTORS.length + 1).toBeGreaterThanOrEqual(6);
    expect(total).toBeGreaterThan(10 * 3_600_000);
    expect(total).toBeLessThan(14 * 3_600_000);
    // The default waits, a minute growing to hours: after each failed try, with the wait it recorded, the test moves the
    // dispatcher's clock to the next try and wakes the dispatcher.
    const base = t.config.webhookRetryBaseMs;
    start({ retryBaseMs: base });
    const hook = await subscribe(['quote.created']);
    rx.answer(Array.from({ length: 20 }, () => 500));
    expect((await user.post('/api/configurations', saved)).status).toBe(201);
    let spanned = 0;
    for (const [i, factor] of RETRY_FACTORS.entries()) {
      const failed = await until(`try ${i + 1}`, async () => (await deliveries(hook.id)).find((x) => x.attempts === i + 1));
      expect(failed.status).toBe('pending');
      expect(waitOf(failed)).toBeGreaterThanOrEqual(base * factor);
      expect(waitOf(failed)).toBeLessThan(base * factor + 1_000);
      spanned += waitOf(failed);
      clock.advance(Math.max(0, Date.parse(failed.nextAttemptAt) - clock.now().getTime()));
      dispatcher!.kick();
    }
    expect(spanned).toBeGreaterThan(10 * 3_600_000);
    expect(spanned).toBeLessThan(14 * 3_600_000);
    const d = await until('failed', async () => (await deliveries(hook.id)).find((x) => x.status === 'failed'));
    expect(d).toMatchObject({ attempts: RETRY_FACTORS.length + 1, lastResponseCode: 500, nextAttemptAt: null });
    expect(rx.received.length).toBe(RETRY_FACTORS.length + 1);

    // "Resend" sends it again as a new message, and the old one keeps its history.
    rx.answer([]);
    const resent = await admin.post(`/api/admin/webhooks/${hook.id}/deliveries/${d.id}/resend`);
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body).toMatchObject({ event: 'quote.created', status: 'pending', attempts: 0 });
    await until('resent', async () => (await deliveries(hook.id)).find((x) => x.id === resent.body.id && x.status === 'delivered'));
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(2);
    expect((await deliveries(hook.id)).find((x) => x.id === d.id).status).toBe('failed');
    expect((await admin.post(`/api/admin/webhooks/${hook.id}/deliveries/999999/resend`)).status).toBe(404);
  });

  it('the test button sends a signed ping', async () => {
    start();
    const hook = await subscribe(['quote.sent']);
    const ping = await admin.post(`/api/admin/webhooks/${hook.id}/test`);
    expect(ping.status, ping.text).toBe(202);
    expect(ping.body).toMatchObject({ event: 'ping', status: 'pending' });
    await until('the ping', () => rx.received.length === 1);
    expect(payloadsOf(verifiedBy(hook.secret))).toEqual([{ type: 'ping', timestamp: expect.any(String), data: { webhookId: hook.id } }]);
    expect((await user.post(`/api/admin/webhooks/${hook.id}/test`)).status).toBe(403);
  });

  it('a delivery pending when the server stops is sent after the restart', async () => {
    const dir = fs.mkdtempSync(`${t.dir}/restart-`);
    const restartApp = await createTestApp({ clock: new WallClock(), env: { DATABASE_PATH: `${dir}/app.db`, ...PRIVATE_ALLOWED } });
    const owner = await restartApp.login(USER.email, USER.password);
    const boss = await restartApp.login(ADMIN.email, ADMIN.password);
    // One clock for both dispatchers, as the process's would be; it is moved to the retry a minute on, not waited for.
    const restartClock = new WallClock();
    const first = startWebhookDispatcher({
      db: restartApp.db,
      clock: restartClock,
      retryBaseMs: 60_000,
      retentionDays: 30,
      targets: webhookTargets(restartApp.config, restartApp.services.resolveHost),
    });
    const hook = (await boss.post('/api/admin/webhooks', { url, events: ['quote.created'] })).body;
    rx.answer([503]);
    expect((await owner.post('/api/configurations', saved)).status).toBe(201);
    await until('the first, failed try', () => rx.received.length === 1);
    await first.stop();
    const databasePath = restartApp.config.databasePath;
    closeDatabase(restartApp.db);
    const pending = openDatabase(databasePath);
    const row = pending.$client.prepare('SELECT status, attempts FROM webhook_deliveries').get();
    expect(row).toEqual({ status: 'pending', attempts: 1 });
    const { next } = pending.$client.prepare('SELECT next_attempt_at AS next FROM webhook_deliveries').get() as { next: number };
    restartClock.advance(Math.max(0, next - restartClock.now().getTime()));

    // The restart: a new connection and a new dispatcher on the same file, which sends what is due without being told.
    const second = startWebhookDispatcher({
      db: pending,
      clock: restartClock,
      retryBaseMs: 60_000,
      retentionDays: 30,
      targets: webhookTargets(restartApp.config, restartApp.services.resolveHost),
    });
    try {
      await until('the retry after the restart', () => rx.received.length === 2);
      await until(
        'delivered',
        () => (pending.$client.prepare('SELECT status FROM webhook_deliveries').get() as { status: string }).status === 'delivered',
      );
      expect(payloadsOf(verifiedBy(hook.secret)).map((p) => p.type)).toEqual(['quote.created', 'quote.created']);
      expect(rx.received[0]!.headers['webhook-id']).toBe(rx.received[1]!.headers['webhook-id']);
    } finally {
      await second.stop();
      closeDatabase(pending);
      restartApp.services.mailer.close();
      fs.rmSync(restartApp.dir, { recursive: true, force: true });
    }
  });
});
