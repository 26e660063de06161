// Webhooks reach only public addresses (docs/API.md "Webhooks"): an address inside, in any spelling, is refused when a
// webhook is saved, through both doors; a name that resolves inside only when a delivery connects is refused then, as
// "blocked address", and the receiver hears nothing; WEBHOOK_ALLOW_PRIVATE=true lets them all through. The deliveries
// list names a failure only by its kind. Each webhook is its own queue: one that never answers holds up no other.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookDeliveries, webhooks } from '../../db/schema';
import { loadConfig } from '../../src/server/config';
import { webhookTargets } from '../../src/server/services/webhook-address';
import { startWebhookDispatcher, type WebhookDispatcher } from '../../src/server/services/webhook-dispatcher';
import { newMessageId } from '../../src/server/services/webhook-outbox';
import { DELIVERY_FAILURES } from '../../src/shared/schemas/webhooks';
import { fakeDns } from '../support/fake-dns';
import { ADMIN, createTestApp, type TestApp, type TestClient } from '../support/test-app';
import { trpcCall } from '../support/trpc-http';
import { webhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const MESSAGE = 'Webhook URL must be a public address';
/** Public as far as the rule goes, yet routed nowhere (RFC 5737's documentation range): nothing here connects to it. */
const OUTSIDE = '203.0.113.10';

/** Every spelling of an address inside that an admin might type, and names that resolve inside. */
const INSIDE = [
  'http://localhost/hook',
  'http://LOCALHOST./hook',
  'http://api.localhost/hook',
  // the app's own port
  'http://localhost:3000/api/admin/users',
  'http://127.0.0.1:3000/api/health',
  'http://127.1/hook',
  'http://2130706433/hook',
  'http://0x7f.0.0.1/hook',
  'http://0177.0.0.1/hook',
  'http://127.0.0.1./hook',
  'http://%31%32%37.0.0.1/hook',
  'http://[::1]/hook',
  'http://[0:0:0:0:0:0:0:1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:7f00:1]/hook',
  'http://0.0.0.0/hook',
  'http://0/hook',
  'http://[::]/hook',
  'https://10.1.2.3/hook',
  'https://172.16.0.1/hook',
  'https://172.31.255.254/hook',
  'https://192.168.1.10/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'https://[fe80::1]/hook',
  'https://[fc00::1]/hook',
  'https://[fd12:3456:789a::1]/hook',
  'https://100.64.0.1/hook',
  'https://100.127.255.254/hook',
  'http://224.0.0.1/hook',
  'http://[ff02::1]/hook',
  // NAT64 and 6to4 around an address inside, the deprecated IPv4-compatible form, local-use NAT64, Teredo
  'http://[64:ff9b::7f00:1]/hook',
  'http://[64:ff9b::10.0.0.1]/hook',
  'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
  'http://[2002:c0a8:101::1]/hook',
  'http://[2002:7f00:1::]/hook',
  'http://[::7f00:1]/hook',
  'http://[::10.1.2.3]/hook',
  'http://[64:ff9b:1::808:808]/hook',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
  'http://255.255.255.255/hook',
  'https://intranet.example/hook',
  'https://partly-inside.example/hook',
  'https://v6-inside.example/hook',
  'https://nat64-inside.example/hook',
];
const DNS = {
  'intranet.example': [['10.0.0.7']],
  'partly-inside.example': [[OUTSIDE, '192.168.0.3']],
  'v6-inside.example': [['fd00::5']],
  'nat64-inside.example': [['64:ff9b::c0a8:1']],
  'public.example': [[OUTSIDE, '2001:db8::10']],
  // outside when saved, inside by the time a delivery connects
  'rebind.example': [[OUTSIDE], ['127.0.0.1']],
};
/** Public, and the edges just outside the ranges; a name that resolves nowhere is taken too (its deliveries fail). */
const PUBLIC = [
  `https://${OUTSIDE}/hook`,
  'https://172.32.0.1/hook',
  'https://100.128.0.1/hook',
  'https://[2001:db8::1]/hook',
  // NAT64 and 6to4 around a public address
  'https://[64:ff9b::808:808]/hook',
  'https://[2002:808:808::1]/hook',
  'https://public.example/hook',
  'https://not-registered.example/hook',
];

/** What `probe` gives once it gives something (checked every 20 ms); fails after `ms`. */
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

let strict: TestApp;
let strictAdmin: TestClient;
let open: TestApp;
let openAdmin: TestClient;
let rx: WebhookReceiver;
let rxUrl: string;
let dispatcher: WebhookDispatcher | undefined;

beforeAll(async () => {
  strict = await createTestApp({ resolveHost: fakeDns(DNS) });
  strictAdmin = await strict.login(ADMIN.email, ADMIN.password);
  open = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, resolveHost: fakeDns(DNS) });
  openAdmin = await open.login(ADMIN.email, ADMIN.password);
  rx = webhookReceiver();
  rxUrl = await rx.listen();
});
afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
  rx.received.length = 0;
  rx.answer([]);
  for (const app of [strict, open]) app.db.$client.prepare('DELETE FROM webhooks').run();
});
afterAll(async () => {
  await rx.close();
  strict.close();
  open.close();
});

const startOn = (app: TestApp) => {
  dispatcher = startWebhookDispatcher({
    db: app.db,
    clock: app.clock,
    retryBaseMs: 60_000,
    retentionDays: 30,
    targets: webhookTargets(app.config, app.services.resolveHost),
  });
  return dispatcher;
};
const hookCount = (app: TestApp) => (app.db.$client.prepare('SELECT count(*) AS n FROM webhooks').get() as { n: number }).n;
const deliveriesOf = async (admin: TestClient, id: number) =>
  (await admin.get(`/api/admin/webhooks/${id}/deliveries`)).body as {
    id: number;
    attempts: number;
    status: string;
    lastResponseCode: number | null;
    lastError: string | null;
  }[];

describe('addresses inside are refused when a webhook is saved', () => {
  it('in every spelling, by POST and PATCH /api/admin/webhooks: 400 at the url field, nothing written', async () => {
    const kept = await strictAdmin.post('/api/admin/webhooks', { url: `https://${OUTSIDE}/kept`, events: ['quote.sent'] });
    expect(kept.status, kept.text).toBe(201);
    for (const url of INSIDE) {
      const made = await strictAdmin.post('/api/admin/webhooks', { url, events: ['quote.sent'] });
      expect([made.status, made.body.message], url).toEqual([400, MESSAGE]);
      expect(made.body.issues, url).toEqual([{ path: 'url', message: MESSAGE }]);
      const changed = await strictAdmin.patch(`/api/admin/webhooks/${kept.body.id}`, { url });
      expect([changed.status, changed.body.message], url).toEqual([400, MESSAGE]);
    }
    expect(hookCount(strict)).toBe(1);
    expect((await strictAdmin.get(`/api/admin/webhooks/${kept.body.id}`)).body.url).toBe(`https://${OUTSIDE}/kept`);
  });

  it('the same over tRPC (admin.webhooks.create and update)', async () => {
    const kept = await trpcCall(strictAdmin, 'mutation', 'admin.webhooks.create', { url: `https://${OUTSIDE}/kept`, events: ['quote.sent'] });
    expect(kept.status, kept.text).toBe(200);
    const id = kept.body.result.data.id as number;
    for (const url of INSIDE) {
      const made = await trpcCall(strictAdmin, 'mutation', 'admin.webhooks.create', { url, events: ['quote.sent'] });
      expect([made.status, made.body.error.message], url).toEqual([400, MESSAGE]);
      const changed = await trpcCall(strictAdmin, 'mutation', 'admin.webhooks.update', { id, url, events: ['quote.accepted'] });
      expect([changed.status, changed.body.error.message], url).toEqual([400, MESSAGE]);
    }
    expect(hookCount(strict)).toBe(1);
    expect((await trpcCall(strictAdmin, 'query', 'admin.webhooks.get', { id })).body.result.data).toMatchObject({
      url: `https://${OUTSIDE}/kept`,
      events: ['quote.sent'],
    });
  });

  it('public addresses are taken, and a name that does not resolve yet', async () => {
    for (const url of PUBLIC) {
      const made = await strictAdmin.post('/api/admin/webhooks', { url, events: ['quote.sent'] });
      expect(made.status, `${url}: ${made.text}`).toBe(201);
      expect((await trpcCall(strictAdmin, 'mutation', 'admin.webhooks.update', { id: made.body.id, url })).status, url).toBe(200);
    }
  });

  it('WEBHOOK_ALLOW_PRIVATE=true takes every one of them, through both doors (default false)', async () => {
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'sometimes' })).toThrow(/WEBHOOK_ALLOW_PRIVATE: must be true or false/);
    for (const url of INSIDE) {
      const made = await openAdmin.post('/api/admin/webhooks', { url, events: ['quote.sent'] });
      expect(made.status, `${url}: ${made.text}`).toBe(201);
      expect((await trpcCall(openAdmin, 'mutation', 'admin.webhooks.update', { id: made.body.id, url })).status, url).toBe(200);
    }
  });
});

describe('each delivery connects only to a public address', () => {
  it('a name that resolves inside by the time of the delivery fails it as "blocked address"; the receiver hears nothing', async () => {
    const port = new URL(rxUrl).port;
    const made = await strictAdmin.post('/api/admin/webhooks', { url: `http://rebind.example:${port}/hook`, events: ['quote.sent'] });
    expect(made.status, made.text).toBe(201);
    startOn(strict);
    expect((await strictAdmin.post(`/api/admin/webhooks/${made.body.id}/test`)).status).toBe(202);
    const tried = await until('the try', async () => (await deliveriesOf(strictAdmin, made.body.id)).find((d) => d.attempts === 1));
    expect(tried).toMatchObject({ status: 'pending', lastResponseCode: null, lastError: 'blocked address' });
    expect(rx.received).toEqual([]);
  });

  it('so does a webhook to an address inside saved while they were allowed, once they are not', async () => {
    // Rows as a run with WEBHOOK_ALLOW_PRIVATE=true (or an earlier version) left them, in the database this run opens.
    const port = new URL(rxUrl).port;
    const ids = [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`, `http://[::ffff:127.0.0.1]:${port}/hook`].map((url) =>
      strict.db
        .insert(webhooks)
        .values({ url, events: ['quote.sent'], secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`, createdAt: new Date() })
        .returning({ id: webhooks.id })
        .get(),
    );
    startOn(strict);
    for (const { id } of ids) expect((await strictAdmin.post(`/api/admin/webhooks/${id}/test`)).status).toBe(202);
    for (const { id } of ids) {
      const tried = await until(`the try to ${id}`, async () => (await deliveriesOf(strictAdmin, id)).find((d) => d.attempts === 1));
      expect(tried, String(id)).toMatchObject({ lastResponseCode: null, lastError: 'blocked address' });
    }
    expect(rx.received).toEqual([]);
  });

  it('a redirect is recorded as its status and not followed', async () => {
    const redirecting = http.createServer((_req, res) => res.writeHead(307, { location: rxUrl }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const made = await openAdmin.post('/api/admin/webhooks', {
        url: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hook`,
        events: ['quote.sent'],
      });
      startOn(open);
      expect((await openAdmin.post(`/api/admin/webhooks/${made.body.id}/test`)).status).toBe(202);
      const tried = await until('the try', async () => (await deliveriesOf(openAdmin, made.body.id)).find((d) => d.attempts === 1));
      expect(tried).toMatchObject({ status: 'pending', lastResponseCode: 307, lastError: null });
      expect(rx.received).toEqual([]);
    } finally {
      redirecting.closeAllConnections();
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });
});

describe('the deliveries list', () => {
  it('names a failure only as "connection failed", "timed out" or "blocked address", old rows too, on both doors', async () => {
    const hook = (await strictAdmin.post('/api/admin/webhooks', { url: `https://${OUTSIDE}/hook`, events: ['quote.sent'] })).body.id as number;
    // What deliveries tried before the kinds existed recorded: the network's own words.
    const old: [number | null, string | null][] = [
      [null, 'ECONNREFUSED'],
      [null, 'No answer in 10 s'],
      [500, 'Answered 500'],
      [null, 'getaddrinfo ENOTFOUND crm.internal'],
      [null, 'connect EHOSTUNREACH 10.0.0.9:5432'],
      [null, 'fetch failed'],
      [302, 'Answered 302'],
      [null, 'timed out'],
      [200, null],
    ];
    const now = new Date();
    for (const [lastStatus, lastError] of old) {
      strict.db
        .insert(webhookDeliveries)
        .values({
          webhookId: hook,
          messageId: newMessageId(),
          event: 'ping',
          payload: '{}',
          status: 'failed',
          attempts: 7,
          lastStatus,
          lastError,
          createdAt: now,
          lastAttemptAt: now,
        })
        .run();
    }
    const expected = [
      [null, 'connection failed'],
      [null, 'timed out'],
      [500, null],
      [null, 'connection failed'],
      [null, 'connection failed'],
      [null, 'connection failed'],
      [302, null],
      [null, 'timed out'],
      [200, null],
    ];
    const rest = (await deliveriesOf(strictAdmin, hook)).reverse();
    expect(rest.map((d) => [d.lastResponseCode, d.lastError])).toEqual(expected);
    const trpc = (await trpcCall(strictAdmin, 'query', 'admin.webhooks.deliveries', { id: hook })).body.result.data.reverse() as typeof rest;
    expect(trpc.map((d) => [d.lastResponseCode, d.lastError])).toEqual(expected);
    for (const d of [...rest, ...trpc]) expect([null, ...DELIVERY_FAILURES]).toContain(d.lastError);
  });
});

describe('each webhook is its own queue', () => {
  it('while one receiver never answers, a ping to another webhook arrives within 2 s; the silent one gets one at a time', async () => {
    const silent = webhookReceiver();
    const silentUrl = await silent.listen();
    silent.answer([], 'hang');
    try {
      const stuck = (await openAdmin.post('/api/admin/webhooks', { url: silentUrl, events: ['quote.sent'] })).body.id as number;
      const healthy = (await openAdmin.post('/api/admin/webhooks', { url: rxUrl, events: ['quote.sent'] })).body.id as number;
      startOn(open);
      for (let i = 0; i < 5; i++) expect((await openAdmin.post(`/api/admin/webhooks/${stuck}/test`)).status).toBe(202);
      await until('the silent receiver to be sent to', () => silent.received.length > 0);

      expect((await openAdmin.post(`/api/admin/webhooks/${healthy}/test`)).status).toBe(202);
      await vi.waitFor(() => expect(rx.received).toHaveLength(1), { timeout: 2_000, interval: 20 });
      expect(JSON.parse(rx.received[0]!.body)).toMatchObject({ type: 'ping', data: { webhookId: healthy } });
      expect(silent.received).toHaveLength(1);
    } finally {
      // Stopped first, so that the hung-up delivery is not followed by the next one to the silent receiver.
      const stopping = dispatcher?.stop();
      dispatcher = undefined;
      await silent.close();
      await stopping;
    }
  });
});
