// The HTTP server the process runs: @hono/node-server serving the app, with the fast lanes on Node's own request in
// front of the adapter (fast-lane.ts createNodeFastLane, fast-post.ts createNodePostLane). main.ts and the
// real-HTTP tests serve the app through this one function, so what the tests see on the wire is what the server sends.
import { createServer, type RequestListener, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createNodeFastLane } from './fast-lane';
import { createNodePostLane } from './fast-post';
import type { Logger } from './logging';
import { writeQueuedAnswers } from './node-response';
import type { NodeListener } from './request-header';
import type { Services } from './trpc/context';

export interface ServeOptions {
  port: number;
  hostname: string;
  /** Where the lane's request lines go (default: the process logger). */
  logger?: Logger;
}

type Fetch = (req: Request, env: unknown) => Response | Promise<Response>;

/** The fast lanes on Node's request, then the adapter: the hot reads, then the JSON POSTs (a quote, a save). */
function nodeLanes(services: Services, adapter: NodeListener, logger?: Logger): NodeListener {
  const router: NodeListener = (req, res) => {
    writeQueuedAnswers();
    adapter(req, res);
  };
  return createNodeFastLane(services, createNodePostLane(services, router, logger), logger);
}

export function serveApp(app: { fetch: Fetch }, services: Services, options: ServeOptions, onListen?: (info: AddressInfo) => void): ServerType {
  const withLane = ((serverOptions: ServerOptions, listener: RequestListener) =>
    createServer(serverOptions, nodeLanes(services, listener as NodeListener, options.logger))) as typeof createServer;
  return serve({ fetch: app.fetch as never, port: options.port, hostname: options.hostname, createServer: withLane }, onListen);
}
