// Writing a complete answer on Node's own response (the fast lanes, fast-lane.ts and fast-post.ts, answer before the
// Hono adapter and have no Response object to hand it).
//
// The answers made in one turn of the event loop's I/O phase are written together at its end (setImmediate), not one
// by one as they are made. Writing to a client asleep waiting for its answer wakes it, and on a loopback connection
// (a load generator, a reverse proxy on the same machine) the writer pays for that wake-up, an interrupt to the other
// core. Written back to back, the answers of a turn wake a waiting client about once instead of once each. An answer
// waits at most for the lane answers made after it in its turn (the queue is written before the router takes a
// request); alone in its turn it leaves right after being made. Figures: docs/DECISIONS.md "Answers leave together".
import type { ServerResponse } from 'node:http';

/** Header lists in writeHead's flat form, per frozen header set (the lanes' fixed ones). */
const flatHeaders = new WeakMap<Readonly<Record<string, string>>, readonly string[]>();

interface Outgoing {
  res: ServerResponse;
  status: number;
  head: readonly string[];
  text: string;
}

let outgoing: Outgoing[] = [];

/**
 * Writes the answers queued so far. Also called before a request goes to the router (http-server.ts), whose work may
 * be long (a PDF, a long list): the answers made before it in the turn do not wait for it.
 */
export function writeQueuedAnswers(): void {
  if (outgoing.length === 0) return;
  const batch = outgoing;
  outgoing = [];
  for (const { res, status, head, text } of batch) {
    try {
      res.writeHead(status, [...head, 'Content-Length', String(Buffer.byteLength(text))]);
      res.end(text);
    } catch {
      // An answer that cannot be written must not hold back the others of its turn; its client sees the connection
      // close rather than wait.
      res.destroy();
    }
  }
}

/**
 * Sends a complete text answer on Node's response at the end of this I/O turn: `headers` as given, then its
 * Content-Length. The flat list form of writeHead writes the same header lines as an object would, without copying a
 * frozen object into a new one per answer (a spread of it took V8's slow clone path).
 */
export function sendNodeText(res: ServerResponse, status: number, headers: Readonly<Record<string, string>>, text: string): void {
  let head = flatHeaders.get(headers);
  if (head === undefined) {
    head = Object.entries(headers).flat();
    if (Object.isFrozen(headers)) flatHeaders.set(headers, head);
  }
  if (outgoing.length === 0) setImmediate(writeQueuedAnswers);
  outgoing.push({ res, status, head, text });
}
