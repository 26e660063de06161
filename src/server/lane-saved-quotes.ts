// The saved-quote reads on the fast lane (fast-lane.ts): a salesperson's list, its page of the table and one quote,
// on both doors. Under a team's load they were three of every five requests, and through the router each cost about
// 300 µs of Hono, the tRPC caller and the adapter on top of the read itself (docs/DECISIONS.md "Hot paths").
//
// Each answer runs the procedure's own pieces — its zod schema, its service, the same JSON — and answers only the
// plain success: a request in any other shape than the canonical one below, an input the schema refuses, a quote
// that is not there or not yours, anything that throws, is left to the router, which answers it as it always did.
import type { SessionUser } from './auth/session';
import { configurationAllInput, configurationIdInput, configurationListInput } from '../shared/schemas/configuration';
import { ID_PARAM } from './rest/kit';
import { getConfiguration } from './services/configurations';
import { configurationPageJson, listAllBoundedJson } from './services/configurations-list';
import type { Services } from './trpc/context';

/** What the lane sends: the JSON text, and the headers a REST adapter adds to the usual ones. */
export interface Reply {
  text: string;
  headers?: Readonly<Record<string, string>>;
}

/** A read the lane may answer; `input` is the call's (a tRPC input, or what a REST path and query say). */
export type Body = (services: Services, user: SessionUser, input: unknown) => Reply | undefined;

/** A body and the input it is called with. */
export interface Call {
  body: Body;
  input: unknown;
}

const LIST_PATH = '/api/configurations';
const ONE_PREFIX = '/api/configurations/';
/** The plain list's query parameters (rest/configurations.ts) in the only form the lane reads: no encoding. */
const LIST_PARAMS = new Set(['scope', 'page', 'limit']);
const PLAIN_VALUE = /^[A-Za-z0-9]{1,20}$/;

/** configurations.get (and GET /api/configurations/{id}). */
const one: Body = ({ db }, user, raw) => {
  const input = configurationIdInput.safeParse(raw);
  return input.success ? { text: JSON.stringify(getConfiguration(db, user, input.data.id)) } : undefined;
};

/** configurations.list: the table's page. */
const page: Body = ({ db }, user, raw) => {
  const input = configurationListInput.safeParse(raw);
  return input.success ? { text: configurationPageJson(db, user, input.data) } : undefined;
};

/** GET /api/configurations[?scope&page&limit]: configurations.allWithTotal, its total and cut as headers. */
const list: Body = ({ db }, user, raw) => {
  const input = configurationAllInput.safeParse(raw);
  if (!input.success) return undefined;
  const found = listAllBoundedJson(db, user, input.data);
  const headers: Record<string, string> = { 'x-total-count': String(found.total) };
  if (found.truncated) headers['x-truncated'] = 'true';
  return { text: found.items.json, headers };
};

/** The query of the plain list as an object, when every parameter is one the adapter reads, once, unencoded. */
function listQuery(query: string): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  if (query === '') return params;
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (eq < 1 || !LIST_PARAMS.has(name) || name in params || !PLAIN_VALUE.test(value)) return undefined;
    params[name] = value;
  }
  return params;
}

/** The REST read at this path and query (rest/configurations.ts), if the lane answers it. */
export function savedQuoteRestCall(path: string, query: string): Call | undefined {
  if (path === LIST_PATH) {
    const params = listQuery(query);
    return params && { body: list, input: params };
  }
  if (!path.startsWith(ONE_PREFIX) || query !== '') return undefined;
  const raw = path.slice(ONE_PREFIX.length);
  return ID_PARAM.test(raw) ? { body: one, input: { id: Number(raw) } } : undefined;
}

/** tRPC queries with an input (routers/configurations.ts). */
export const SAVED_QUOTE_PROCEDURES: ReadonlyMap<string, Body> = new Map([
  ['configurations.list', page],
  ['configurations.get', one],
]);
