// The one way a REST adapter runs a procedure: build the request context, call through createCaller, map errors.
import { TRPCError } from '@trpc/server';
import type { Context as HonoContext } from 'hono';
import { noteRequestUser, type Logger } from '../logging';
import { cachedCatalogJson } from '../services/catalog-cache';
import { createRequestContext, type Context, type Services } from '../trpc/context';
import { JSON_REQUIRED, isJsonContentType } from '../http/guards';
import { apiAnswer, type FixedHeaders } from '../http/headers';
import { requestHeader } from '../http/request-header';
import { clientGone, clientGoneResponse } from '../http/client-gone';
import { NOT_FOUND_BODY } from '../http/error-body';
import { errorBodyOf, httpStatusOf, logIfInternal, retryAfterOf, toTRPCError } from '../trpc/errors';
import { createCaller } from '../trpc/root';
import { pathParamsOf, type RestRoute } from './routes';

export type Caller = ReturnType<typeof createCaller>;
export type RestEnv = { Variables: { services: Services; log?: Logger; requestContext?: Context; fixedHeaders?: FixedHeaders } };

/** The fixed headers the envelope chose for this request (https or not, a share-link path or not). */
const fixedOf = (c: HonoContext) => c.get('fixedHeaders' as never) as FixedHeaders | undefined;

/** What an adapter adds to its answer: headers such as X-Total-Count. */
export type AnswerHeaders = Record<string, string>;

/** The contract's error answer for anything thrown (logged when internal; a 429 says when to come back). */
export function errorResponse(c: HonoContext, error: unknown, setCookies?: readonly string[]): Response {
  // A body read that failed because the client left is logged by the envelope as a quiet 499, not as an error here.
  if (clientGone(c.req.raw, c.env)) return clientGoneResponse();
  const e = toTRPCError(error);
  logIfInternal(e, `${c.req.method} ${c.req.path}`, c.get('log' as never) as Logger | undefined);
  const retryAfter = retryAfterOf(e);
  const extra = retryAfter === undefined ? undefined : { 'retry-after': String(retryAfter) };
  return apiAnswer(JSON.stringify(errorBodyOf(e)), httpStatusOf(e.code), extra, setCookies, fixedOf(c));
}

/**
 * The request's context and its caller, for an adapter: the session resolved once, the user noted for the log line,
 * and the context kept on `c` so that idParam and jsonBody hand their refusals to the procedure (see refuseInput).
 */
export async function callerFor(c: HonoContext<RestEnv>, setCookies: string[]): Promise<Caller> {
  const ctx = await createRequestContext(c.get('services'), c, (v) => setCookies.push(v));
  noteRequestUser(c, ctx.user?.id);
  c.set('requestContext', ctx);
  return createCaller(ctx);
}

/**
 * A path id or body the adapter could not read is not answered here: it is handed to the procedure, whose one
 * middleware answers it after the access check (trpc/init.ts), so a user-only path answers 401 to anyone signed
 * out whatever they send. The placeholder the adapter passes on instead is never parsed. Outside an adapter's call
 * (no context yet) the refusal is thrown as it is.
 */
function refuseInput<T>(c: HonoContext, error: TRPCError, placeholder: T): T {
  const ctx = c.get('requestContext' as never) as Context | undefined;
  if (ctx === undefined) throw error;
  ctx.inputRefusal ??= error;
  return placeholder;
}

/**
 * Runs `fn` with a caller for this request: the procedure decides everything, the adapter only shapes the answer.
 * `status` 204 answers an empty body (deletes); 201 for creates. `fn` may add headers to the answer.
 */
export async function run(
  c: HonoContext<RestEnv>,
  fn: (caller: Caller, headers: AnswerHeaders) => Promise<unknown> | unknown,
  status: 200 | 201 | 202 | 204 = 200,
): Promise<Response> {
  const setCookies: string[] = [];
  try {
    const caller = await callerFor(c, setCookies);
    const headers: AnswerHeaders = {};
    const result = await fn(caller, headers);
    const extra = Object.keys(headers).length === 0 ? undefined : headers;
    if (status === 204) return apiAnswer(null, 204, extra, setCookies, fixedOf(c));
    return apiAnswer(cachedCatalogJson(result) ?? JSON.stringify(result) ?? 'null', status, extra, setCookies, fixedOf(c));
  } catch (error) {
    return errorResponse(c, error, setCookies);
  }
}

/** As `run`, for an answer that is not JSON (the API description): `fn` gives the body and its own headers (content-type). */
export async function runText(
  c: HonoContext<RestEnv>,
  fn: (caller: Caller) => Promise<{ body: string; headers: Record<string, string> }>,
): Promise<Response> {
  const setCookies: string[] = [];
  try {
    const { body, headers } = await fn(await callerFor(c, setCookies));
    return apiAnswer(body, 200, headers, setCookies, fixedOf(c));
  } catch (error) {
    return errorResponse(c, error, setCookies);
  }
}

/**
 * As `run`, for an answer streamed in chunks (the CSV export): `fn` gives the chunks and the answer's own headers
 * (content-type). Each chunk is asked for when the client has taken the one before (a slow reader holds no more than
 * one chunk in memory); a failure after the first byte can only cut the answer short, and is logged.
 */
export async function runStream(
  c: HonoContext<RestEnv>,
  fn: (caller: Caller) => Promise<{ chunks: AsyncIterator<string>; headers: Record<string, string> }>,
): Promise<Response> {
  const setCookies: string[] = [];
  try {
    const { chunks, headers } = await fn(await callerFor(c, setCookies));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          logIfInternal(toTRPCError(error), `${c.req.method} ${c.req.path}`, c.get('log' as never) as Logger | undefined);
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return?.(undefined);
      },
    });
    // The fixed headers are added by the envelope (http/envelope.ts), as to every answer not built by apiAnswer.
    const all: [string, string][] = [...Object.entries(headers), ...setCookies.map((v): [string, string] => ['set-cookie', v])];
    return new Response(body, { status: 200, headers: all });
  } catch (error) {
    return errorResponse(c, error, setCookies);
  }
}

/**
 * The JSON body; an empty body is `{}`, anything that is not a JSON object is a 400 (answered by the procedure after
 * its access check: refuseInput). Typed `any` on purpose: the procedure it is handed to validates it with its zod
 * schema.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the procedure it is handed to validates it
export async function jsonBody(c: HonoContext): Promise<any> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  // A body must say it is JSON (a wrong Content-Type was already refused by http/guards.ts notJson).
  if (!isJsonContentType(requestHeader(c, 'content-type'))) {
    return refuseInput(c, new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: JSON_REQUIRED }), {});
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuseInput(c, new TRPCError({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' }), {});
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refuseInput(c, new TRPCError({ code: 'BAD_REQUEST', message: 'The request body must be a JSON object' }), {});
  }
  return value;
}

/** The form of a numeric path id: digits, few enough to be a safe integer. */
export const ID_PARAM = /^\d{1,15}$/;

/** Path parameters that are text, looked up as sent (a share token): every other one is a numeric id. */
const TEXT_PARAMS = new Set(['token']);

/** A query flag: `true` or `false` (absent is false); any other spelling is handed on for the schema to refuse. */
const flagOf = (v: string | undefined): unknown => (v === undefined || v === 'false' ? false : v === 'true' ? true : v);

/** How a route fills its procedure's input, worked out once when the route is registered (not on every request). */
export interface InputPlan {
  route: RestRoute;
  /** Each path parameter and the input key it fills; a text one (a share token) is passed as sent. */
  params: { name: string; key: string; text: boolean }[];
  /** The input keys neither the path, the query flags nor the fixed values fill: the body's, or a GET's query. */
  rest: string[];
}

/** The plan of `route` for an input whose top-level keys are `inputKeys`; undefined for a procedure without input. */
export function inputPlan(route: RestRoute, inputKeys: readonly string[] | undefined): InputPlan | undefined {
  if (inputKeys === undefined) return undefined;
  const params = pathParamsOf(route.path).map((name) => ({ name, key: route.params?.[name] ?? name, text: TEXT_PARAMS.has(name) }));
  const taken = new Set([...params.map((p) => p.key), ...Object.keys(route.fixed ?? {}), ...Object.keys(route.query ?? {})]);
  return { route, params, rest: inputKeys.filter((k) => !taken.has(k)) };
}

/**
 * The input a route hands its procedure (./routes.ts): the body read first (its refusal comes before a path id's),
 * then the path parameters, the query flags and the fixed values over it. A GET hands on the query parameters the
 * input names (its schema coerces them); a body is read only where the input takes one.
 */
export async function inputOf(c: HonoContext, plan: InputPlan | undefined): Promise<unknown> {
  if (plan === undefined) return undefined;
  const { route, params, rest } = plan;
  let input: Record<string, unknown> = {};
  if (route.bodyIs) input[route.bodyIs] = await jsonBody(c);
  else if (route.method === 'GET') {
    const q = c.req.query();
    for (const k of rest) if (q[k] !== undefined) input[k] = q[k];
  } else if (route.method !== 'DELETE' && rest.length > 0) input = { ...(await jsonBody(c)) };
  for (const p of params) input[p.key] = p.text ? (c.req.param(p.name) ?? '') : idParam(c, p.name);
  for (const name of Object.keys(route.query ?? {})) input[name] = flagOf(c.req.query(name));
  return { ...input, ...route.fixed };
}

/** A numeric path id; anything else is a 404 (no such resource), answered after the access check (refuseInput). */
export function idParam(c: HonoContext, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const id = ID_PARAM.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) return refuseInput(c, new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_BODY.message }), 0);
  return id;
}
