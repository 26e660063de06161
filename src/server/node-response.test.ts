// The lanes' answer writer over real sockets: the answers of one I/O turn leave together at its end, each whole, and
// one that cannot be written holds back none of the others.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendNodeText, writeQueuedAnswers } from './node-response';

const HEADERS = Object.freeze({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });

let server: http.Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server that holds every request until `count` have arrived, then hands them all to `answer` in one turn. */
async function serverAnsweringTogether(count: number, answer: (held: { req: IncomingMessage; res: ServerResponse }[]) => void) {
  const held: { req: IncomingMessage; res: ServerResponse }[] = [];
  server = http.createServer((req, res) => {
    held.push({ req, res });
    if (held.length === count) answer(held);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

interface Received {
  status?: number;
  length?: string;
  type?: string;
  body?: string;
  /** The connection ended without a complete answer. */
  failed?: boolean;
}

function ask(port: number, path: string): { done: Promise<Received>; request: http.ClientRequest } {
  const request = http.request({ host: '127.0.0.1', port, path, agent: false });
  const done = new Promise<Received>((resolve) => {
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          length: res.headers['content-length'],
          type: res.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', () => resolve({ failed: true }));
  });
  request.end();
  return { done, request };
}

describe('sendNodeText', () => {
  it('writes the answers of one turn at its end, each with its own status, headers, length and body', async () => {
    const writtenBeforeTurnEnded: boolean[] = [];
    const writtenAfter: boolean[] = [];
    const port = await serverAnsweringTogether(3, (held) => {
      for (const { req, res } of held) {
        const n = Number(req.url!.slice(1));
        sendNodeText(res, n === 2 ? 201 : 200, HEADERS, JSON.stringify({ n, text: 'é'.repeat(n) }));
      }
      writtenBeforeTurnEnded.push(...held.map(({ res }) => res.headersSent));
      setImmediate(() => writtenAfter.push(...held.map(({ res }) => res.headersSent)));
    });
    const answers = await Promise.all([1, 2, 3].map((n) => ask(port, `/${n}`).done));
    expect(writtenBeforeTurnEnded).toEqual([false, false, false]);
    expect(writtenAfter).toEqual([true, true, true]);
    expect(answers).toEqual([
      { status: 200, type: 'application/json', length: '19', body: '{"n":1,"text":"é"}' },
      { status: 201, type: 'application/json', length: '21', body: '{"n":2,"text":"éé"}' },
      { status: 200, type: 'application/json', length: '23', body: '{"n":3,"text":"ééé"}' },
    ]);
  });

  it('writes what is queued at once when the router is about to take a request', async () => {
    const written: boolean[] = [];
    const port = await serverAnsweringTogether(2, (held) => {
      sendNodeText(held[0]!.res, 200, HEADERS, '{"first":true}');
      written.push(held[0]!.res.headersSent);
      writeQueuedAnswers();
      written.push(held[0]!.res.headersSent);
      sendNodeText(held[1]!.res, 200, HEADERS, '{"second":true}');
    });
    const answers = await Promise.all([ask(port, '/a').done, ask(port, '/b').done]);
    expect(written).toEqual([false, true]);
    expect(answers.map((a) => a.body).sort()).toEqual(['{"first":true}', '{"second":true}']);
  });

  it('still answers the others of a turn when one client has gone and one answer cannot be written', async () => {
    const requests: http.ClientRequest[] = [];
    const port = await serverAnsweringTogether(3, (held) => {
      const byPath = new Map(held.map((h) => [h.req.url, h]));
      const gone = byPath.get('/gone')!;
      // The first client disconnects; it is answered only once its server side has seen the connection close.
      gone.res.on('close', () => {
        sendNodeText(gone.res, 200, HEADERS, '{"to":"nobody"}');
        // A header value Node refuses: writeHead throws when the turn's answers are written.
        sendNodeText(byPath.get('/broken')!.res, 200, { 'X-Bad': 'line\nbreak' }, '{}');
        sendNodeText(byPath.get('/fine')!.res, 200, HEADERS, '{"ok":true}');
      });
      requests[0]!.destroy();
    });
    const gone = ask(port, '/gone');
    requests.push(gone.request);
    const broken = ask(port, '/broken');
    const fine = ask(port, '/fine');
    expect(await gone.done).toEqual({ failed: true });
    expect(await broken.done).toEqual({ failed: true });
    expect(await fine.done).toEqual({ status: 200, type: 'application/json', length: '11', body: '{"ok":true}' });
  });
});
