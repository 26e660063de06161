// A client that sends part of a body and goes away is not a server error. Nothing is logged at
// error level and no stack trace is written; the request leaves one quiet line (status 499, client closed request).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '../../src/server/logging';
import { createLoggedApp, type LoggedApp } from '../support/log-capture';
import { createServers, type Servers } from '../support/real-http';
import { APP_HOST, createTestApp, USER, type TestApp } from '../support/test-app';

let t: TestApp;
let logged: LoggedApp;
let servers: Servers;
let port: number;
let cookie: string;
let arrived: (() => void) | undefined;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.login(USER.email, USER.password)).cookie!;
  logged = await createLoggedApp(t, { level: 'debug' });
  servers = createServers();
  // each request tells abortMidBody it has reached the app (its head is read, its body is on its way)
  port = await servers.listen((req, env) => {
    arrived?.();
    return logged.app.fetch(req, env);
  });
});
afterAll(async () => {
  await servers.close();
  t.close();
});

/** Sends the head and part of the body, closes the connection once the app has the request, and resolves once the
 * request's log line is written. */
async function abortMidBody(path: string, headers: string[]): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answered = '';
  socket.on('data', (d) => (answered += d.toString()));
  socket.on('error', () => {});
  const head = [`POST ${path} HTTP/1.1`, `Host: ${APP_HOST}`, 'Content-Type: application/json', `Cookie: ${cookie}`, ...headers, '', ''];
  const reachedApp = new Promise<void>((resolve) => (arrived = resolve));
  socket.write(head.join('\r\n'));
  socket.write('{"name":"Half a body","packageId":');
  await reachedApp;
  arrived = undefined;
  socket.destroy();
  await expect.poll(() => logged.lines.some((l) => JSON.parse(l).msg === 'request')).toBe(true);
  return answered;
}

const errorLines = () => logged.lines.filter((l) => JSON.parse(l).level >= 50 || l.includes('"stack"'));

describe.each([
  ['REST with a Content-Length', '/api/configurations', ['Content-Length: 5000']],
  ['REST chunked', '/api/configurations', ['Transfer-Encoding: chunked']],
  ['tRPC with a Content-Length', '/trpc/configurations.create', ['Content-Length: 5000']],
  ['tRPC chunked', '/trpc/configurations.create', ['Transfer-Encoding: chunked']],
])('%s', (_name, path, headers) => {
  it('logs no error and no stack trace, and one quiet line', async () => {
    logged.lines.length = 0;
    // internal errors are written by the process logger (trpc/errors.ts logIfInternal) with their stack
    const processErrors = vi.spyOn(logger, 'error');
    await abortMidBody(path, headers);
    expect(processErrors).not.toHaveBeenCalled();
    processErrors.mockRestore();
    expect(errorLines()).toEqual([]);
    const requestLines = logged.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requestLines).toMatchObject([{ path, status: 499, level: 30 }]);
  });
});

it('keeps serving afterwards', async () => {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { host: APP_HOST } });
  expect(res.status).toBe(200);
});
