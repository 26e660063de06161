// The OpenAPI 3.1 description of the REST door: each route of ./routes.ts names its procedure, whose input schema
// there (the very zod object the procedure validates with) gives the parameters and request body (zod's own JSON
// Schema conversion, as the client sends it), whose declared answer (trpc/answer.ts) the success answer, and whose
// access level the security. Built once per process.
import type { AnyRouter } from '@trpc/server';
import { API_KEY_PREFIX } from '../services/api-keys';
import { pathParamsOf, REST_ROUTES, type RestRoute } from '../rest/routes';
import { procedureDef, toJsonSchema as toSchema, type JsonSchema, type ProcedureDef } from '../trpc/procedure-defs';

type Json = Record<string, unknown>;

/** GET /api/openapi.json answers this document, which no zod schema describes. */
const DOCUMENT_ANSWER: JsonSchema = {
  type: 'object',
  description: 'An OpenAPI 3.1 document',
  required: ['openapi', 'info', 'paths'],
  properties: { openapi: { type: 'string', const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
};

/** The JSON answer's schema; output io, so zod closes every object (additionalProperties: false). */
function jsonAnswer(def: ProcedureDef, route: RestRoute): JsonSchema | undefined {
  if (route.procedure === 'openapi') return DOCUMENT_ANSWER;
  const schema = def.answer;
  if (!schema) return undefined;
  const json = toSchema(schema, 'output');
  return route.answerIs ? (json.properties?.[route.answerIs] as JsonSchema) : json;
}

const errorBody = {
  type: 'object',
  required: ['message', 'error', 'code'],
  properties: {
    message: { type: 'string' },
    error: { type: 'string', description: 'The same text as message' },
    code: { type: 'string', examples: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] },
    issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
  },
};
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** Each operation's tag is its procedure's router (`app` for the root's own), in the reference page's order. */
const TAGS: Record<string, string> = {
  app: 'The server itself and this description',
  auth: 'Signing in and out, accounts, password resets and address verification',
  'auth.apiKeys': 'Your own API keys (managed with a session only)',
  catalog: 'The catalogue as the calculator reads it: packages, add-ons, categories, discounts, the seller',
  quote: 'Pricing a quote form without saving it',
  configurations: 'Saved quotes: revisions, status, share links, mail, PDF and activity',
  shared: "A shared quote as its customer sees it, by the link's token, signed out",
  'admin.company': 'The seller as customers see it (admin)',
  'admin.packages': 'Packages (admin)',
  'admin.tiers': 'Square-metre and per-user price tiers of a package (admin)',
  'admin.addOns': 'Add-ons (admin)',
  'admin.categories': 'Add-on categories (admin)',
  'admin.discounts': 'Discounts and their conditions (admin)',
  'admin.catalogue': 'The whole catalogue as a file: export and import (admin)',
  'admin.users': 'Accounts (admin)',
  'admin.emailLogs': 'Every mail sent or tried (admin)',
  'admin.audit': 'The audit trail (admin)',
  'admin.apiKeys': "Every account's API keys (admin)",
  'admin.webhooks': 'Webhook subscriptions and their deliveries (admin)',
};

const tagOf = (procedure: string) => (procedure.includes('.') ? procedure.split('.').slice(0, -1).join('.') : 'app');

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operation(router: AnyRouter, route: RestRoute): Json {
  const def = procedureDef(router, route.procedure);
  if (!def) throw new Error(`${route.method} ${route.path}: no procedure ${route.procedure}`);
  const spec = { access: def.meta?.access ?? 'admin', keys: def.meta?.keys };
  const input = def.input ? toSchema(def.input, 'input') : undefined;
  const pathParams = pathParamsOf(route.path);
  const taken = new Set([...pathParams.map((p) => route.params?.[p] ?? p), ...Object.keys(route.fixed ?? {}), ...Object.keys(route.query ?? {})]);
  const props = input?.properties ?? {};
  const parameters: Json[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: props[route.params?.[name] ?? name] ?? { type: 'string' },
  }));
  let body: JsonSchema | undefined;
  if (input && route.bodyIs) body = props[route.bodyIs] ?? {};
  else if (input && route.method !== 'GET' && route.method !== 'DELETE') {
    const rest = Object.fromEntries(Object.entries(props).filter(([k]) => !taken.has(k)));
    if (Object.keys(rest).length > 0 || input.type !== 'object') {
      body = { ...input, properties: rest, required: (input.required ?? []).filter((k) => !taken.has(k)) };
    }
  } else if (input && route.method === 'GET') {
    for (const [name, schema] of Object.entries(props)) {
      if (taken.has(name)) continue;
      parameters.push({ name, in: 'query', required: false, schema });
    }
  }
  for (const [name, description] of Object.entries(route.query ?? {}))
    parameters.push({ name, in: 'query', required: false, description, schema: { type: 'string', enum: ['true', 'false'] } });

  const access = spec.access;
  const answer = jsonAnswer(def, route);
  const success: Json =
    route.status === 204
      ? { description: 'Done' }
      : route.produces && route.produces !== 'application/json'
        ? {
            description: 'The document',
            content: { [route.produces]: { schema: { type: 'string', ...(route.produces === 'application/pdf' ? { format: 'binary' } : {}) } } },
          }
        : { description: 'Success', content: { 'application/json': { schema: answer ?? {} } } };
  const responses: Json = { [String(route.status)]: success };
  if (input || pathParams.length > 0) responses['400'] = errorAnswer('The input is not valid (issues name each problem)');
  // A bearer key is read before any procedure runs: an unknown one is refused even where none is needed.
  responses['401'] = errorAnswer(
    access === 'public' ? 'An unknown or revoked API key (this operation needs none)' : 'Not signed in, or an unknown or revoked API key',
  );
  const refusals = [
    ...(access === 'admin' ? ['Not an administrator'] : []),
    ...(route.method !== 'GET' || spec.keys === 'write' ? ['a read-only API key'] : []),
    ...(spec.keys === 'none' ? ['any API key (a session only)'] : []),
  ];
  if (refusals.length > 0) responses['403'] = errorAnswer(sentence(refusals.join(', or ')));
  if (pathParams.length > 0) responses['404'] = errorAnswer('No such resource');

  return {
    operationId: route.operationId ?? route.procedure,
    ...(route.summary ? { summary: route.summary } : {}),
    tags: [tagOf(route.procedure)],
    security: access === 'public' ? [] : spec.keys === 'none' ? [{ sessionCookie: [] }] : [{ sessionCookie: [] }, { bearerKey: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

export function buildOpenApiDocument(router: AnyRouter, version: string, serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  const ids = new Set<string>();
  for (const route of REST_ROUTES) {
    const key = `/api${openApiPath(route.path)}`;
    const op = operation(router, route);
    if (!Object.hasOwn(TAGS, tagOf(route.procedure))) throw new Error(`${route.method} ${route.path}: describe the tag ${tagOf(route.procedure)}`);
    const id = String(op.operationId);
    if (ids.has(id)) throw new Error(`${route.method} ${route.path}: operationId ${id} is taken (give the row its own)`);
    ids.add(id);
    paths[key] ??= {};
    paths[key][route.method.toLowerCase()] = op;
  }
  const renamed = REST_ROUTES.filter((r) => r.operationId)
    .map((r) => `\`${r.operationId}\` is \`${r.procedure}\``)
    .join(', ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quote Configurator API',
      version,
      description:
        'Every operation is also the tRPC procedure its operationId names (`POST /trpc/{operationId}` for mutations, `GET` for queries), ' +
        `but ${renamed}. Sign in with the session cookie of \`POST /api/login\`, or send an API key as \`Authorization: Bearer ` +
        `${API_KEY_PREFIX}…\`. See docs/API.md for what the description cannot say.`,
    },
    servers: [{ url: serverUrl, description: 'This install (its APP_URL)' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
        bearerKey: { type: 'http', scheme: 'bearer', description: `An API key (${API_KEY_PREFIX}…) made under /api/account/api-keys` },
      },
      schemas: { Error: errorBody },
    },
    paths,
  };
}

let cached: { key: string; json: string } | undefined;

/** The description as JSON text, made once. */
export function openApiJson(router: AnyRouter, version: string, serverUrl: string): string {
  const key = `${version} ${serverUrl}`;
  if (cached?.key !== key) cached = { key, json: JSON.stringify(buildOpenApiDocument(router, version, serverUrl)) };
  return cached.json;
}
