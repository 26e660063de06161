// The hot reads answered before Hono's router (issue 13, docs/DECISIONS.md "Hot paths"): every screen asks for the
// session check and the catalogue, and a signed-in answer to them is a cached JSON text. Through Hono they cost the
// router, a chain of async middleware and a promise per layer; here they are one synchronous function, and the answer
// leaves in the same turn of the event loop (on Node's request, with the turn's others: node-response.ts).
//
// The lane answers only the plain success case, and answers it with the same bytes as the normal path: a GET of an
// exact path below (no query; for tRPC an `input`, or the client's batch form; for the saved quotes the plain query of
// lane-saved-quotes.ts), an allowed Host, a session the cache alone can vouch for (no refresh due, nothing changed
// since — auth/session.ts cachedSessionCheck). Anything else — no or bad cookie,
// a refresh to write, an unknown host, a streaming tRPC client, an error — falls through to the normal path, which
// keeps every rule and every error answer in one place. It has two entries over one core: on Node's own request
// (what the server runs, http-server.ts) and as a fetch handler (app.fetch, in process).
// tests/integration/fast-lane.test.ts and fast-saved-quotes.test.ts hold both equal to the router.
import { cachedSessionCheck, sessionCheckOf, type SessionUser } from './auth/session';
import { sessionTokenOf } from './auth/session-cookie';
import { withOneReading } from './db-watch';
import { hostGuard, TRPC_MAX_BATCH } from './http-guards';
import { logRequestLine, logger as processLogger, type Logger } from './logging';
import { sendNodeText } from './node-response';
import { headerReaderOf, nodeHeaderReader, pathAndQuery, type HeaderReader, type NodeListener } from './request-header';
import { type Body, type Call, type Reply, SAVED_QUOTE_PROCEDURES, savedQuoteRestCall } from './lane-saved-quotes';
import { JSON_API_HEADERS, TRPC_API_HEADERS } from './security';
import { catalogSnapshot } from './services/catalog-cache';
import { toUserDto } from './services/users';
import type { Services } from './trpc/context';

/** A query without an input: one sent with an input anyway is left to the router. */
const withoutInput =
  (text: (services: Services, user: SessionUser) => string): Body =>
  (services, user, input) =>
    input === undefined ? { text: text(services, user) } : undefined;

const catalogJson = (list: 'packages' | 'addOns' | 'categories' | 'discounts' | 'all') => withoutInput(({ db }) => catalogSnapshot(db).json[list]);
const sessionCheck = withoutInput((_, user) => JSON.stringify(sessionCheckOf(user)));
const me = withoutInput((_, user) => JSON.stringify(toUserDto(user)));

/** REST paths and the procedures they adapt (rest/catalog.ts, rest/auth.ts); the saved quotes' in lane-saved-quotes.ts. */
const REST: ReadonlyMap<string, Body> = new Map([
  ['/api/packages', catalogJson('packages')],
  ['/api/addons', catalogJson('addOns')],
  ['/api/addon-categories', catalogJson('categories')],
  ['/api/discounts', catalogJson('discounts')],
  ['/api/auth/check', sessionCheck],
  ['/api/user', me],
]);

/** tRPC queries (routers/catalog.ts, routers/auth.ts without input; routers/configurations.ts with one). */
const TRPC: ReadonlyMap<string, Body> = new Map([
  ['catalog.all', catalogJson('all')],
  ['catalog.packages', catalogJson('packages')],
  ['catalog.addOns', catalogJson('addOns')],
  ['catalog.categories', catalogJson('categories')],
  ['catalog.discounts', catalogJson('discounts')],
  ['auth.check', sessionCheck],
  ['auth.me', me],
  ...SAVED_QUOTE_PROCEDURES,
]);

/** How httpBatchLink's query starts; the input follows, and nothing after it. */
const TRPC_BATCH_PREFIX = 'batch=1&input=';
const TRPC_INPUT_PREFIX = 'input=';

interface Plan {
  path: string;
  /** A single REST or tRPC call, or the members of a tRPC batch. */
  calls: Call[];
  kind: 'rest' | 'trpc' | 'batch';
}

/**
 * The `input` parameter as tRPC reads it (searchParams.get, then JSON.parse; an empty one is none); undefined when
 * the query is not exactly `input=…`, or the text is not JSON — the router answers those.
 */
function inputOf(afterPrefix: string): { value: unknown } | undefined {
  if (afterPrefix.includes('&')) return undefined;
  const text = new URLSearchParams(TRPC_INPUT_PREFIX + afterPrefix).get('input') ?? '';
  if (text === '') return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function planOf(url: string): Plan | undefined {
  const target = pathAndQuery(url);
  if (!target) return undefined;
  const { path, query } = target;
  if (path.startsWith('/api/')) {
    const body = query === '' ? REST.get(path) : undefined;
    const call = body ? { body, input: undefined } : savedQuoteRestCall(path, query);
    return call && { path, calls: [call], kind: 'rest' };
  }
  if (!path.startsWith('/trpc/')) return undefined;
  const names = path.slice('/trpc/'.length);
  if (query === '' || query.startsWith(TRPC_INPUT_PREFIX)) {
    const body = TRPC.get(names);
    const input = query === '' ? { value: undefined } : inputOf(query.slice(TRPC_INPUT_PREFIX.length));
    return body && input && { path, calls: [{ body, input: input.value }], kind: 'trpc' };
  }
  if (!query.startsWith(TRPC_BATCH_PREFIX)) return undefined;
  const inputs = inputOf(query.slice(TRPC_BATCH_PREFIX.length));
  // tRPC refuses a batch input that is not an object (400); an absent one is no input for any call.
  const byIndex = inputs?.value ?? {};
  if (!inputs || typeof byIndex !== 'object' || byIndex === null || Array.isArray(byIndex)) return undefined;
  const calls: Call[] = [];
  for (const name of names.split(',')) {
    const body = TRPC.get(name);
    if (!body || calls.length === TRPC_MAX_BATCH) return undefined;
    calls.push({ body, input: Object.hasOwn(byIndex, calls.length) ? (byIndex as Record<number, unknown>)[calls.length] : undefined });
  }
  return { path, calls, kind: 'batch' };
}

/**
 * Request headers that change tRPC's answer to these GETs: a streaming client (trpc-accept, or application/jsonl in
 * Accept: httpBatchStreamLink's `streamHeader: 'accept'`) gets JSON lines, or a 400 for a single call; a GET that
 * names a form-data or octet-stream body is a 405 (tRPC picks its input reader by Content-Type). The tRPC client
 * sends none of them on a GET.
 */
function trpcMayAnswerOtherwise(header: HeaderReader): boolean {
  return (
    header('trpc-accept') !== undefined ||
    header('content-type') !== undefined ||
    header('accept')?.includes('application/jsonl') === true
  );
}

interface Answer {
  text: string;
  headers: Readonly<Record<string, string>>;
}

const TRPC_RESULT_START = '{"result":{"data":';

/**
 * The answer to a GET of `url` (its path and query) with these headers, when the lane may give it; undefined: the
 * router answers. Logs the line of what it answers.
 */
function createLaneCore(services: Services, log: Logger) {
  const { config, db, clock } = services;
  const hostAllowed = hostGuard(config);
  return (url: string, header: HeaderReader): Answer | undefined => {
    const startedAt = performance.now();
    const plan = planOf(url);
    if (!plan) return undefined;
    if (plan.kind !== 'rest' && trpcMayAnswerOtherwise(header)) return undefined;
    if (!hostAllowed(header)) return undefined;
    const token = sessionTokenOf(header('cookie'));
    if (token === undefined) return undefined;
    try {
      return withOneReading(() => {
        const check = cachedSessionCheck(db, clock, token);
        if (!check) return undefined;
        const replies: Reply[] = [];
        for (const call of plan.calls) {
          const reply = call.body(services, check.user, call.input);
          if (!reply) return undefined;
          replies.push(reply);
        }
        const text =
          plan.kind === 'rest'
            ? replies[0]!.text
            : plan.kind === 'trpc'
              ? `${TRPC_RESULT_START}${replies[0]!.text}}}`
              : `[${replies.map((r) => `${TRPC_RESULT_START}${r.text}}}`).join(',')}]`;
        logRequestLine(log, 'GET', plan.path, 200, startedAt, check.user.id);
        const extra = plan.kind === 'rest' ? replies[0]!.headers : undefined;
        const headers = plan.kind === 'rest' ? JSON_API_HEADERS : TRPC_API_HEADERS;
        return { text, headers: extra ? { ...headers, ...extra } : headers };
      });
    } catch {
      return undefined; // the normal path answers (and logs) whatever went wrong
    }
  };
}

export type FastLane = (req: Request, env: unknown) => Response | undefined;

/** The lane as a fetch handler, in front of the router in app.fetch (every in-process caller goes through it). */
export function createFastLane(services: Services, log: Logger = processLogger): FastLane {
  const answer = createLaneCore(services, log);
  return (req, env) => {
    if (req.method !== 'GET') return undefined;
    const a = answer(req.url, headerReaderOf(req, env));
    return a && new Response(a.text, { status: 200, headers: a.headers });
  };
}

/**
 * The lane on Node's own request, in front of @hono/node-server's listener (src/server/http-server.ts): the same
 * answers without the adapter's request object and response handling. Whatever it does not answer goes to
 * `listener` untouched. `req.url` is the request target: a path (an absolute-form target has no plan and passes on).
 */
export function createNodeFastLane(services: Services, listener: NodeListener, log: Logger = processLogger): NodeListener {
  const answer = createLaneCore(services, log);
  return (req, res) => {
    if (req.method !== 'GET' || req.url === undefined || !req.url.startsWith('/')) return listener(req, res);
    const a = answer(`http://lane${req.url}`, nodeHeaderReader(req));
    if (!a) return listener(req, res);
    sendNodeText(res, 200, a.headers, a.text);
  };
}
