// Apps served over real HTTP on 127.0.0.1 (@hono/node-server), and answers read as Node received them off the wire:
// for the tests that must see what Node parses and writes, which app.fetch() in process cannot show.
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, serve, type ServerType } from '@hono/node-server';
import { serveApp } from '../../src/server/http-server';
import type { Logger } from '../../src/server/logging';
import type { NodeListener } from '../../src/server/request-header';
import type { Services } from '../../src/server/trpc/context';

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
  /** Serves an app as the process does (src/server/http-server.ts: with the quote lane on Node's request). */
  listenApp(app: { fetch: Fetch }, services: Services, logger?: Logger): Promise<number>;
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
    listenApp(app, services, logger) {
      return listening(serveApp(app, services, { port: 0, hostname: '127.0.0.1', logger }));
    },
    close: () => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))),
  };
}

/** The three servers a lane's over-HTTP tests compare, and how many requests the Node lane passed on. */
export interface LaneServers {
  ports: { app: number; router: number; node: number };
  /** Requests the Node lane passed on to the adapter since the last reset. */
  passedOn(): number;
  reset(): void;
}

/**
 * On `servers`: the app as the process serves it (serveApp, every lane on), the router alone, and `nodeLane` in front
 * of the adapter and the router alone, counting what it passes on.
 */
export async function listenLaneServers(
  servers: Servers,
  app: { fetch: Fetch },
  services: Services,
  routerOnly: { fetch: Fetch },
  nodeLane: (next: NodeListener) => NodeListener,
): Promise<LaneServers> {
  let passed = 0;
  const adapter = getRequestListener(routerOnly.fetch as never);
  const ports = {
    app: await servers.listenApp(app, services),
    router: await servers.listen(routerOnly.fetch),
    node: await servers.listenNode(
      nodeLane((req, res) => {
        passed++;
        void adapter(req, res);
      }) as RequestListener,
    ),
  };
  return {
    ports,
    passedOn: () => passed,
    reset: () => {
      passed = 0;
    },
  };
}
