// The JSON POSTs on the fast lane (see src/server/fast-lane.ts for the lane's promise): a quote (POST /api/quote) and a
// save (POST /api/configurations). Pricing takes microseconds; through the router a quote cost a promise per middleware
// layer and the request context, and a save about 300 µs of Hono and the tRPC caller. Here the checks of the
// envelope that concern a JSON POST (host, size from Content-Length, origin, content type) run first, then the body
// is read once, and only a complete success is answered here: a session the cache cannot vouch for, a body that is
// not a valid quote form, a pricing refusal, a body that could not be read — every other outcome is handed to the
// router as an identical request (the same URL and headers, and a body whose text() is the text the original gave:
// handOver below), so every error answer comes from the one place that makes them. A save is handed over only when
// nothing was written (its transaction refused it); once its row is in, the lane answers whatever follows. Two entries
// share the lane's core: on Node's own request (what the server runs, http-server.ts) and as a fetch handler
// (app.fetch, in process). tests/integration/fast-quote.test.ts and fast-save.test.ts hold both equal to the router.
import type { IncomingMessage } from 'node:http';
import { quoteResultToJson } from '../shared/pricing';
import { configurationCreateInput } from '../shared/schemas/configuration';
import { quoteFormInput } from '../shared/schemas/quote';
import { cachedSessionCheck, type SessionUser } from './auth/session';
import { sessionTokenOf } from './auth/session-cookie';
import { withOneReading } from './db-watch';
import { hostGuard, isCrossSite, isJsonContentType } from './http-guards';
import { logRequestLine, logger as processLogger, type Logger } from './logging';
import { sendNodeText } from './node-response';
import { headerReaderOf, nodeHeaderReader, pathAndQuery, type HeaderReader, type NodeListener } from './request-header';
import { JSON_API_HEADERS, MAX_BODY_BYTES } from './security';
import { getConfiguration, insertConfiguration } from './services/configurations';
import { priceQuote } from './services/quote';
import { errorBodyOf, httpStatusOf, logIfInternal, toTRPCError } from './trpc/errors';
import type { Services } from './trpc/context';

export type Routed = (req: Request, env: unknown) => Response | Promise<Response>;

/** An answer the lane sends: its status and JSON text. */
interface Sent {
  status: number;
  body: string;
}

/**
 * A POST the lane may answer: the REST adapter's procedure, from its JSON object body to the answer's text;
 * undefined hands the request to the router (which must then find nothing changed).
 */
type Route = (services: Services, user: SessionUser, value: object) => Sent | undefined;

const quote: Route = ({ db }, _user, value) => {
  const form = quoteFormInput.safeParse(value);
  return form.success ? { status: 200, body: JSON.stringify(quoteResultToJson(priceQuote(db, form.data))) } : undefined;
};

const SAVE_PATH = '/api/configurations';

const save: Route = ({ db, clock }, user, value) => {
  const input = configurationCreateInput.safeParse(value);
  if (!input.success) return undefined;
  // A refusal throws before anything is written: the router then answers it (and writes nothing either).
  const id = insertConfiguration(db, clock, user, input.data);
  try {
    return { status: 201, body: JSON.stringify(getConfiguration(db, user, id)) };
  } catch (error) {
    // The row is in: handing over would save it twice. Answered as the router answers what escapes a procedure.
    const e = toTRPCError(error);
    logIfInternal(e, `POST ${SAVE_PATH}`);
    return { status: httpStatusOf(e.code), body: JSON.stringify(errorBodyOf(e)) };
  }
};

/** REST paths (rest/quote.ts, rest/configurations.ts) and their procedures. */
const ROUTES: ReadonlyMap<string, Route> = new Map([
  ['/api/quote', quote],
  [SAVE_PATH, save],
]);

/** The route of an exact path, not even with an empty query (`/api/quote?`). */
function routeOfUrl(url: string): { path: string; route: Route } | undefined {
  const target = pathAndQuery(url);
  const route = target && !url.includes('?') ? ROUTES.get(target.path) : undefined;
  return route && { path: target!.path, route };
}

/**
 * What both entries share: which requests the lane may take (checked before the body is read), and the answer to a
 * body when everything succeeds (undefined: the router answers).
 */
function createPostLaneCore(services: Services) {
  const { config, db, clock } = services;
  const hostAllowed = hostGuard(config);
  return {
    /** The session token, when the lane may take this POST to a route's path; undefined: leave it to the router. */
    admit(header: HeaderReader): string | undefined {
      if (!hostAllowed(header)) return undefined;
      const length = header('content-length');
      if (length === undefined || !/^\d{1,7}$/.test(length) || Number(length) > MAX_BODY_BYTES) return undefined;
      if (!isJsonContentType(header('content-type'))) return undefined;
      if (isCrossSite(header('origin'), header('sec-fetch-site'), config)) return undefined;
      return sessionTokenOf(header('cookie'));
    },
    /** The answer to this body; undefined hands the request to the router. */
    answer(route: Route, text: string, token: string): (Sent & { userId: number }) | undefined {
      try {
        return withOneReading(() => {
          const check = cachedSessionCheck(db, clock, token);
          if (!check) return undefined;
          const value: unknown = JSON.parse(text);
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
          const sent = route(services, check.user, value);
          return sent && { status: sent.status, body: sent.body, userId: check.user.id };
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
export function createFastPost(services: Services, routed: Routed, log: Logger = processLogger) {
  const core = createPostLaneCore(services);
  return (req: Request, env: unknown): Promise<Response> | undefined => {
    if (req.method !== 'POST' || handedOverByNodeLane(env)) return undefined;
    const target = routeOfUrl(req.url);
    if (!target) return undefined;
    const startedAt = performance.now();
    const token = core.admit(headerReaderOf(req, env));
    if (token === undefined) return undefined;
    return req.text().then(
      (text) => {
        const answer = core.answer(target.route, text, token);
        if (answer === undefined) return handOver(req, env, text, () => Promise.resolve(text));
        const res = new Response(answer.body, { status: answer.status, headers: JSON_API_HEADERS });
        logRequestLine(log, 'POST', target.path, answer.status, startedAt, answer.userId);
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
export function createNodePostLane(services: Services, listener: NodeListener, log: Logger = processLogger): NodeListener {
  const core = createPostLaneCore(services);
  const decoder = new TextDecoder();
  return (req, res) => {
    const route = req.method === 'POST' && req.url !== undefined ? ROUTES.get(req.url) : undefined;
    if (!route) return listener(req, res);
    const startedAt = performance.now();
    const token = core.admit(nodeHeaderReader(req));
    if (token === undefined) return listener(req, res);
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const onEnd = () => {
      req.off('close', onClose);
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const answer = core.answer(route, decoder.decode(bytes), token);
      if (answer === undefined) {
        (req as IncomingMessage & { rawBody?: Buffer }).rawBody = bytes;
        return listener(req, res);
      }
      sendNodeText(res, answer.status, JSON_API_HEADERS, answer.body);
      logRequestLine(log, 'POST', req.url!, answer.status, startedAt, answer.userId);
    };
    // The client went away before its body ended: the adapter and the router answer and log it as they would have.
    const onClose = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      listener(req, res);
    };
    // Each fires once, and each handler takes the other off: plain listeners, without once()'s wrapper per request.
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    // An aborted body may also emit 'error'; the close above is where it is handled.
    req.on('error', ignore);
  };
}
