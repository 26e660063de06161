// The HTTP server the process runs: @hono/node-server serving the app, with the quote lane on Node's own request in
// front of the adapter (src/server/fast-quote.ts createNodeQuoteLane). main.ts and the real-HTTP tests serve the app
// through this one function, so what the tests see on the wire is what the server sends.
import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createNodeQuoteLane } from './fast-quote';
import type { Logger } from './logging';
import type { Services } from './trpc/context';

export interface ServeOptions {
  port: number;
  hostname: string;
  /** Where the lane's request lines go (default: the process logger). */
  logger?: Logger;
}

type Fetch = (req: Request, env: unknown) => Response | Promise<Response>;

export function serveApp(app: { fetch: Fetch }, services: Services, options: ServeOptions, onListen?: (info: AddressInfo) => void): ServerType {
  const withLane = ((serverOptions: ServerOptions, listener: RequestListener) =>
    createServer(serverOptions, createNodeQuoteLane(services, listener as (req: IncomingMessage, res: ServerResponse) => void, options.logger))) as typeof createServer;
  return serve({ fetch: app.fetch as never, port: options.port, hostname: options.hostname, createServer: withLane }, onListen);
}
