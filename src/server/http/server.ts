// The HTTP server the process runs: @hono/node-server serving the app. main.ts and the real-HTTP tests serve the app
// through this one function, so what the tests see on the wire is what the server sends.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

export interface ServeOptions {
  port: number;
  hostname: string;
}

type Fetch = (req: Request, env: unknown) => Response | Promise<Response>;

export function serveApp(app: { fetch: Fetch }, options: ServeOptions, onListen?: (info: AddressInfo) => void): ServerType {
  return serve({ fetch: app.fetch as never, port: options.port, hostname: options.hostname }, onListen);
}
