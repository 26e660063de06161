// POST /api/quote on the fast lane (see src/server/fast-lane.ts for the lane's promise). Pricing takes microseconds;
// through the router a quote cost a promise per middleware layer and the request context. Here the checks of the
// envelope that concern a JSON POST (host, size from Content-Length, origin, content type) run first, then the body
// is read once, and only a complete success is answered here: a session the cache cannot vouch for, a body that is
// not a valid quote form, a pricing refusal, a body that could not be read — every other outcome is handed to the
// router as an identical request (the same URL and headers, and a body whose text() is the text the original gave:
// handOver below), so every error answer comes from the one place that makes them. Two entries share the lane's
// core: on Node's own request (what the server runs, http-server.ts) and as a fetch handler (app.fetch, in process).
// tests/integration/fast-quote.test.ts holds both equal to the router.
import type { IncomingMessage } from 'node:http';
import { quoteResultToJson } from '../shared/pricing';
import { quoteFormInput } from '../shared/schemas/quote';
import { cachedSessionCheck } from './auth/session';
import { sessionTokenOf } from './auth/session-cookie';
import { withOneReading } from './db-watch';
import { hostGuard, isCrossSite, isJsonContentType } from './http-guards';
import { logRequestLine, logger as processLogger, type Logger } from './logging';
import { headerReaderOf, nodeHeaderReader, pathAndQuery, type HeaderReader, type NodeListener } from './request-header';
import { JSON_API_HEADERS, MAX_BODY_BYTES } from './security';
import { priceQuote } from './services/quote';
import type { Services } from './trpc/context';

export type Routed = (req: Request, env: unknown) => Response | Promise<Response>;

const PATH = '/api/quote';

function isQuoteUrl(url: string): boolean {
  const target = pathAndQuery(url);
  // Not even an empty query (`/api/quote?`): the lane takes the exact path only.
  return target !== undefined && target.path === PATH && !url.includes('?');
}

/**
 * What both entries share: which requests the lane may take (checked before the body is read), and the answer to a
 * body when everything succeeds (undefined: the router answers).
 */
function createQuoteLaneCore(services: Services) {
  const { config, db, clock } = services;
  const hostAllowed = hostGuard(config);
  return {
    /** The session token, when the lane may take this POST to the exact path; undefined: leave it to the router. */
    admit(header: HeaderReader): string | undefined {
      if (!hostAllowed(header)) return undefined;
      const length = header('content-length');
      if (length === undefined || !/^\d{1,7}$/.test(length) || Number(length) > MAX_BODY_BYTES) return undefined;
      if (!isJsonContentType(header('content-type'))) return undefined;
      if (isCrossSite(header('origin'), header('sec-fetch-site'), config)) return undefined;
      return sessionTokenOf(header('cookie'));
    },
    /** The answer's body when everything succeeds; undefined hands the request to the router. */
    priced(text: string, token: string): { body: string; userId: number } | undefined {
      try {
        return withOneReading(() => {
          const check = cachedSessionCheck(db, clock, token);
          if (!check) return undefined;
          const value: unknown = JSON.parse(text);
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
          const form = quoteFormInput.safeParse(value);
          if (!form.success) return undefined;
          return { body: JSON.stringify(quoteResultToJson(priceQuote(db, form.data))), userId: check.user.id };
        });
      } catch {
        return undefined;
      }
    },
  };
}

/** The Node entry below read this body and could not answer it: pricing it again here would only fail again. */
function handedOverByNodeLane(env: unknown): boolean {
  return (env as { incoming?: { rawBody?: unknown } } | undefined)?.incoming?.rawBody !== undefined;
}

/** The lane as a fetch handler, in front of the router in app.fetch (every in-process caller goes through it). */
export function createFastQuote(services: Services, routed: Routed, log: Logger = processLogger) {
  const core = createQuoteLaneCore(services);
  return (req: Request, env: unknown): Promise<Response> | undefined => {
    if (req.method !== 'POST' || !isQuoteUrl(req.url) || handedOverByNodeLane(env)) return undefined;
    const startedAt = performance.now();
    const token = core.admit(headerReaderOf(req, env));
    if (token === undefined) return undefined;
    return req.text().then(
      (text) => {
        const answer = core.priced(text, token);
        if (answer === undefined) return handOver(req, env, text, () => Promise.resolve(text));
        const res = new Response(answer.body, { status: 200, headers: JSON_API_HEADERS });
        logRequestLine(log, 'POST', PATH, 200, startedAt, answer.userId);
        return res;
      },
      // A body that could not be read (the client went away): the router answers and logs it as it would have.
      (error: unknown) => handOver(req, env, null, () => Promise.reject(error)),
    );
  };

  /**
   * The request again, for the router, its body already read: its text() gives exactly what the original's text()
   * gave (the router reads the body with it, rest/kit.ts jsonBody). Re-decoding the bytes is not the same: another
   * Request class may decode otherwise (Node 20's fetch strips two leading byte-order marks, @hono/node-server's
   * request one, so a body with two was a 400 alone and priced after the hand-over), and a failed read has no bytes.
   */
  function handOver(req: Request, env: unknown, text: string | null, read: () => Promise<string>): Response | Promise<Response> {
    const same = new Request(req.url, { method: 'POST', headers: req.headers, body: text });
    Object.defineProperty(same, 'text', { value: read, writable: true, configurable: true });
    return routed(same, env);
  }
}

const ignore = () => {};

/**
 * The lane in front of @hono/node-server's request listener, on Node's own request and response: what the server
 * runs. Building the adapter's request, its close handling and the promise chain of its response cost ~80 µs of a
 * quote's ~240 µs of CPU. A request it does not take, or cannot answer, goes to `listener` (the adapter, then the
 * fetch lane and the router): untouched, or once its body is read, with the bytes as `rawBody`, which the adapter
 * reads instead of the stream and decodes exactly as it would have decoded the stream.
 */
export function createNodeQuoteLane(services: Services, listener: NodeListener, log: Logger = processLogger): NodeListener {
  const core = createQuoteLaneCore(services);
  const decoder = new TextDecoder();
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== PATH) return listener(req, res);
    const startedAt = performance.now();
    const token = core.admit(nodeHeaderReader(req));
    if (token === undefined) return listener(req, res);
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const onEnd = () => {
      req.off('close', onClose);
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const answer = core.priced(decoder.decode(bytes), token);
      if (answer === undefined) {
        (req as IncomingMessage & { rawBody?: Buffer }).rawBody = bytes;
        return listener(req, res);
      }
      res.writeHead(200, { ...JSON_API_HEADERS, 'Content-Length': String(Buffer.byteLength(answer.body)) });
      res.end(answer.body);
      logRequestLine(log, 'POST', PATH, 200, startedAt, answer.userId);
    };
    // The client went away before its body ended: the adapter and the router answer and log it as they would have.
    const onClose = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      listener(req, res);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    // An aborted body may also emit 'error'; the close above is where it is handled.
    req.on('error', ignore);
  };
}
