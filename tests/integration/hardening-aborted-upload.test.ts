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
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.login(USER.email, USER.password)).cookie!;
  logged = await createLoggedApp(t, { level: 'debug' });
  servers = createServers();
  port = await servers.listenApp(logged.app);
});
afterAll(async () => {
  await servers.close();
  t.close();
});

/** Sends the head and part of the body, then closes the connection; resolves once the server has had time to react. */
async function abortMidBody(path: string, headers: string[]): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answered = '';
  socket.on('data', (d) => (answered += d.toString()));
  socket.on('error', () => {});
  const head = [`POST ${path} HTTP/1.1`, `Host: ${APP_HOST}`, 'Content-Type: application/json', `Cookie: ${cookie}`, ...headers, '', ''];
  socket.write(head.join('\r\n'));
  socket.write('{"name":"Half a body","packageId":');
  await new Promise((r) => setTimeout(r, 50));
  socket.destroy();
  await new Promise((r) => setTimeout(r, 300));
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
