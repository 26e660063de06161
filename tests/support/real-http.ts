// Apps served over real HTTP on 127.0.0.1 (@hono/node-server), and answers read as Node received them off the wire:
// for the tests that must see what Node parses and writes, which app.fetch() in process cannot show.
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { serveApp } from '../../src/server/http/server';

export interface Wire {
  status: number;
  /** Header lines as written, lower-cased names, sorted; Date left out. */
  headers: string[];
  body: string;
}

/** Reads a response to its end: its status, its header lines and its body as UTF-8 text. */
export function readWire(res: IncomingMessage): Promise<Wire> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    res.on('data', (d: Buffer) => chunks.push(d));
    res.on('end', () => {
      const lines: string[] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!.toLowerCase();
        if (name !== 'date') lines.push(`${name}: ${res.rawHeaders[i + 1]}`);
      }
      resolve({ status: res.statusCode!, headers: lines.sort(), body: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

export type Fetch = (req: Request, env: unknown) => Response | Promise<Response>;

/** Servers made with listen() and closed together. */
export interface Servers {
  /** Serves `fetch` on a free port of 127.0.0.1; resolves with the port once it listens. */
  listen(fetch: Fetch): Promise<number>;
  /** Serves an app as the process does (src/server/http-server.ts). */
  listenApp(app: { fetch: Fetch }): Promise<number>;
  /** Serves a plain Node request listener. */
  listenNode(listener: RequestListener): Promise<number>;
  /** Closes every server listen() made. */
  close(): Promise<unknown>;
}

export function createServers(): Servers {
  const servers: ServerType[] = [];
  async function listening(server: ServerType): Promise<number> {
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return (server.address() as AddressInfo).port;
  }
  return {
    listen(fetch) {
      return listening(serve({ fetch: fetch as never, port: 0, hostname: '127.0.0.1' }));
    },
    listenNode(listener) {
      return listening(createServer(listener).listen(0, '127.0.0.1'));
    },
    listenApp(app) {
      return listening(serveApp(app, { port: 0, hostname: '127.0.0.1' }));
    },
    close: () => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))),
  };
}
