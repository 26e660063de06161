// A restart loses no webhook delivery (docs/API.md "Webhooks"), with a real process: the server (`node --import tsx
// src/server/main.ts`, on a temp database and a free port, as scripts/server-kit.ts sets them up) fails to deliver to a
// receiver answering 500, is stopped with SIGTERM, and once started again on the same database delivers the same
// message, signed as Standard Webhooks says, to the receiver now answering 204.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, serverEnv, waitForServer } from '../../scripts/server-kit';
import { ADMIN } from '../support/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-webhook-restart-'));
const clientDir = path.join(dir, 'client');
fs.mkdirSync(clientDir);
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body></body></html>');

interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}
const started: Server[] = [];

/** The server as a process of its own on `dir`'s database; retries 200 ms, 1 s, 6 s… apart, so this takes seconds. */
async function startServer(): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: serverEnv({ port, appUrl: url, dir }, { CLIENT_DIR: clientDir, WEBHOOK_RETRY_BASE_MS: '200', LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { url, child, exited, output: () => log };
  started.push(server);
  const up = await waitForServer(`${url}/api/health`, { child, timeoutMs: 60_000, intervalMs: 100 });
  if (up !== 'ready') throw new Error(`the server did not start (${up}):\n${log}`);
  return server;
}

interface Received {
  headers: Record<string, string>;
  body: string;
  answered: number;
}
const received: Received[] = [];
let answer = 500;
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ headers: req.headers as Record<string, string>, body, answered: answer });
    res.writeHead(answer).end();
  });
});

afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exited));
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
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

const waitUntil = (condition: () => Promise<boolean> | boolean, timeout = 30_000) =>
  vi.waitFor(async () => expect(await condition()).toBe(true), { timeout, interval: 50 });

describe('a restart of the server process', () => {
  it('loses no delivery: a failed try before SIGTERM is delivered, signed, after the restart', { timeout: 120_000 }, async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const first = await startServer();
    const admin = clientOf(first.url);
    expect((await admin.request('POST', '/api/login', { username: ADMIN.email, password: ADMIN.password })).status).toBe(200);
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
      (await client.request('GET', `/api/admin/webhooks/${hook.body.id}/deliveries`)).body as { id: number; status: string; attempts: number; lastResponseCode: number | null }[];
    await waitUntil(async () => (await deliveries(admin)).some((d) => d.attempts >= 1));
    const [failed] = await deliveries(admin);
    expect(failed).toMatchObject({ status: 'pending', lastResponseCode: 500 });
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received.every((r) => r.answered === 500)).toBe(true);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    answer = 204;

    const second = await startServer();
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

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
