// Writing a complete answer on Node's own response (the fast lanes, fast-lane.ts and fast-post.ts, answer before the
// Hono adapter and have no Response object to hand it).
import type { ServerResponse } from 'node:http';

/** Header lists in writeHead's flat form, per frozen header set (the lanes' fixed ones). */
const flatHeaders = new WeakMap<Readonly<Record<string, string>>, readonly string[]>();

/**
 * Sends a complete text answer on Node's response: `headers` as given, then its Content-Length. The flat list form
 * of writeHead writes the same header lines as an object would, without copying a frozen object into a new one per
 * answer (a spread of it took V8's slow clone path).
 */
export function sendNodeText(res: ServerResponse, status: number, headers: Readonly<Record<string, string>>, text: string): void {
  let flat = flatHeaders.get(headers);
  if (flat === undefined) {
    flat = Object.entries(headers).flat();
    if (Object.isFrozen(headers)) flatHeaders.set(headers, flat);
  }
  res.writeHead(status, [...flat, 'Content-Length', String(Buffer.byteLength(text))]);
  res.end(text);
}
