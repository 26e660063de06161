// The API describes itself (docs/API.md): GET /api/openapi.json is built from the procedures' zod schemas and names
// every route the app answers under /api; GET /api/docs is a reference page whose script and style the app serves.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../../src/server/rest/routes';
import { procedureDef } from '../../src/server/trpc/procedure-defs';
import { createRestApi } from '../../src/server/rest';
import { READ_ONLY_KEY } from '../../src/server/trpc/init';
import { apiKeyMessages } from '../../src/shared/schemas/api-keys';
import { appRouter } from '../../src/server/trpc/root';
import { tokenMailedTo } from '../support/accounts';
import { ADMIN, createTestApp, USER, type TestApp, type TestClient, type TestResponse } from '../support/test-app';
import { trpcCall } from '../support/trpc-http';

let t: TestApp;
let doc: any;
const procedures = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures);
/** The access level and API key rule a procedure's meta holds (trpc/init.ts ProcedureMeta). */
const metaOf = (path: string) => procedureDef(appRouter, path)?.meta ?? {};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** `/configurations/:id`, `/configurations/{id}` and `/shared/<token>` all read `/configurations/{}`. */
const shape = (path: string) => path.replace(/:\w+|\{\w+\}|<\w+>/g, '{}');

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  doc = res.body;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with both ways of signing in', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toEqual({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      bearerKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('describes every route the app answers under /api, and no other', () => {
    const answered = createRestApi()
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} /api${shape(r.path)}`);
    const described = operations().map((o) => `${o.method} ${shape(o.path)}`);
    expect(new Set(described)).toEqual(new Set(answered));
    expect(described.length).toBe(new Set(described).size);
    expect(REST_ROUTES.length).toBe(answered.length);
  });

  it('names a procedure of the router, with its access level, on every row of the route table', () => {
    expect(REST_ROUTES.every((r) => procedures.includes(r.procedure))).toBe(true);
    expect(REST_ROUTES.every((r) => ['public', 'signedIn', 'admin'].includes(String(metaOf(r.procedure).access)))).toBe(true);
  });

  it('holds every REST path docs/API.md names', () => {
    const text = fs.readFileSync('docs/API.md', 'utf8');
    const named = [...text.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`\s?[]*)/g)].map((m) => `${m[1]} ${shape(m[2]!)}`);
    expect(named.length).toBeGreaterThan(10);
    const described = new Set(operations().map((o) => `${o.method} ${shape(o.path)}`));
    expect(named.filter((n) => !described.has(n))).toEqual([]);
  });

  it('names each operation by its procedure, with its parameters, body, answer and security', () => {
    for (const { path, method, op } of operations()) {
      const route = REST_ROUTES.find((r) => r.method === method && `/api${r.path.replace(/:(\w+)/g, '{$1}')}` === path)!;
      expect(procedures, `${method} ${path}`).toContain(route.procedure);
      expect(op.operationId, `${method} ${path}`).toBe(route.operationId ?? route.procedure);
      expect(op.operationId, `${method} ${path}`).toMatch(/^[A-Za-z0-9._~-]+$/);
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
        expect(
          op.parameters?.some((p: { in: string; name: string }) => p.in === 'path' && p.name === name),
          `${method} ${path} ${name}`,
        ).toBe(true);
      }
    }
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // The two routes that replace a package's tiers call one procedure, each under an id of its own.
    expect(doc.paths['/api/packages/{id}/pricetiers'].put.operationId).toBe('admin.tiers.replaceUnit');
    expect(doc.paths['/api/packages/{id}/user-price-tiers'].put.operationId).toBe('admin.tiers.replaceUser');
    expect(doc.paths['/api/profile'].patch.operationId).toBe('auth.updateProfileAlias');
    expect(doc.paths['/api/user/profile'].patch.operationId).toBe('auth.updateProfile');

    const create = doc.paths['/api/account/api-keys'].post;
    expect(create.operationId).toBe('auth.apiKeys.create');
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['name', 'scope']),
      properties: { scope: { enum: ['read', 'write'] } },
    });
    expect(create.responses['201'].content['application/json'].schema.properties).toHaveProperty('key');
    // Keys are managed with a session only; any other signed-in operation takes either.
    expect(create.security).toEqual([{ sessionCookie: [] }]);
    expect(create.responses['403'].description).toMatch(/session only/);
    expect(doc.paths['/api/configurations'].post.security).toEqual([{ sessionCookie: [] }, { bearerKey: [] }]);
    expect(doc.paths['/api/configurations/{id}/share'].get.responses['403'].description).toMatch(/read-only API key/);

    const patch = doc.paths['/api/packages/{id}'].patch;
    expect(patch.operationId).toBe('admin.packages.update');
    expect(patch.requestBody.content['application/json'].schema.properties).toHaveProperty('basePrice');
    expect(patch.requestBody.content['application/json'].schema.properties).not.toHaveProperty('id');
    expect(patch.responses).toHaveProperty('403');

    const tier = doc.paths['/api/packages/{id}/pricetiers/{tierId}'].patch;
    expect(tier.parameters.map((p: { name: string }) => p.name)).toEqual(['id', 'tierId']);
    expect(tier.requestBody.content['application/json'].schema.properties).not.toHaveProperty('packageId');

    const audit = doc.paths['/api/admin/audit'].get;
    expect(audit.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['entity', 'action', 'userId', 'from', 'to', 'page', 'limit']),
    );
    const importing = doc.paths['/api/admin/catalogue'].put;
    expect(importing.parameters).toEqual([expect.objectContaining({ name: 'dryRun', in: 'query' })]);

    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.paths['/api/shared/{token}'].get.security).toEqual([]);
    expect(doc.paths['/api/configurations/{id}'].delete.responses).toHaveProperty('204');
    expect(doc.paths['/api/admin/webhooks/{id}/test'].post.responses).toHaveProperty('202');
    expect(doc.paths['/api/configurations/{id}/pdf'].get.responses['200'].content).toHaveProperty('application/pdf');
  });

  it("gives every field of every request body and parameter a type, the quote form's included", () => {
    const typed = (schema: Record<string, unknown>) => ['type', 'anyOf', 'oneOf', 'const', 'enum', '$ref'].some((k) => k in schema);
    const untyped: string[] = [];
    const walk = (schema: any, at: string) => {
      if (!typed(schema)) untyped.push(at);
      for (const [name, field] of Object.entries<any>(schema.properties ?? {})) walk(field, `${at}.${name}`);
      if (schema.items && typeof schema.items === 'object') walk(schema.items, `${at}[]`);
      for (const branch of schema.anyOf ?? []) walk(branch, `${at}|`);
    };
    for (const { path, method, op } of operations()) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) walk(body, `${method} ${path} body`);
      for (const p of op.parameters ?? []) walk(p.schema, `${method} ${path} ${p.in} ${p.name}`);
    }
    expect(untyped).toEqual([]);
    const quote = doc.paths['/api/quote'].post.requestBody.content['application/json'].schema.properties;
    expect(quote).toMatchObject({
      packageId: { type: 'integer' },
      pricingModel: { enum: ['sqm', 'user'] },
      squareMeters: { type: 'number' },
      addOns: { type: 'array', maxItems: 200, items: { properties: { id: { type: 'integer' }, waiveSetupFee: { type: 'boolean' } } } },
      customItems: { type: 'array', items: { properties: { name: { type: 'string', maxLength: 200 } } } },
      selectedDiscountIds: { type: 'array', items: { type: 'integer' } },
      contractDuration: { enum: [12, 24, 36] },
      paymentFrequency: { enum: ['monthly', 'quarterly', 'annually'] },
    });
    expect(doc.paths['/api/quote/pdf'].post.requestBody.content['application/json'].schema.properties).toEqual(quote);
  });

  it('passes `redocly lint` with the recommended rules (redocly.yaml): no error, no warning', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(doc));
      const cli = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'));
      const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', '--config', 'redocly.yaml', '--format=json', file], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      });
      const report = JSON.parse(stdout);
      expect(report.problems.map((p: { ruleId: string; message: string }) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('answers the same through tRPC (openapi), signed in or not', async () => {
    const res = await trpcCall(t.client(), 'query', 'openapi');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.result.data.json)).toEqual(doc);
    const admin = await t.login(ADMIN.email, ADMIN.password);
    expect((await admin.get('/api/openapi.json')).body).toEqual(doc);
  });
});

describe('GET /api/docs', () => {
  it('is a page whose every script and style the app serves itself, under a CSP that allows no other', async () => {
    const page = await t.client().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const refs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    expect(page.text).not.toMatch(/<script>(?!<)/);
    for (const ref of refs) {
      expect(ref.startsWith('/'), ref).toBe(true);
      const asset = await t.client().get(ref);
      expect(asset.status, ref).toBe(200);
      expect(asset.headers.get('content-type'), ref).toMatch(/javascript|css/);
    }
    expect((await t.client().get('/docs-assets/package.json')).status).toBe(404);
    expect((await t.client().get('/docs-assets/%2e%2e%2fpackage.json')).status).toBe(404);
    expect((await t.client().get('/docs-assets/index.html')).status).toBe(404);
    // A name that only Object.prototype knows is no asset either (it once reached readFileSync: a 500).
    expect((await t.client().get('/docs-assets/constructor')).status).toBe(404);
  });
});

describe('the access the description names', () => {
  it('is what each route answers a caller signed out, a non-admin, a read-only key and a write key', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const user = await t.login(USER.email, USER.password);
    const key = (await admin.post('/api/account/api-keys', { name: 'Access probe', scope: 'read' })).body.key as string;
    const writeKey = (await admin.post('/api/account/api-keys', { name: 'Access probe (write)', scope: 'write' })).body.key as string;
    const unknownIds = (path: string) => path.replace(/:\w+/g, '999999');
    const skipped = new Set(['POST /logout']);
    let probed = 0;
    for (const route of REST_ROUTES) {
      const what = `${route.method} ${route.path}`;
      if (skipped.has(what)) continue;
      const url = `/api${unknownIds(route.path)}`;
      const access = metaOf(route.procedure).access;
      const anon = await t.client().request(route.method, url);
      expect(anon.status === 401, `${what} signed out → ${anon.status}`).toBe(access !== 'public');
      if (access === 'public') continue;
      const plain = await user.request(route.method, url);
      expect(plain.status === 403, `${what} as a non-admin → ${plain.status}`).toBe(access === 'admin');
      const readKey = await t.client().request(route.method, url, undefined, { authorization: `Bearer ${key}` });
      const refused = readKey.status === 403 && readKey.body?.message === READ_ONLY_KEY;
      expect(refused, `${what} with a read key → ${readKey.status}`).toBe(route.method !== 'GET');
      const { keys } = metaOf(route.procedure);
      const liveLinkRefused = readKey.status === 403 && readKey.body?.message === apiKeyMessages.liveLinkNeedsWrite;
      expect(liveLinkRefused, `${what} with a read key → ${readKey.status} ${readKey.body?.message}`).toBe(
        keys === 'write' && route.method === 'GET',
      );
      const viaWriteKey = await t.client().request(route.method, url, undefined, { authorization: `Bearer ${writeKey}` });
      const sessionOnly = viaWriteKey.status === 403 && viaWriteKey.body?.message === apiKeyMessages.sessionOnly;
      expect(sessionOnly, `${what} with a write key → ${viaWriteKey.status} ${viaWriteKey.body?.message}`).toBe(keys === 'none');
      probed += 1;
    }
    expect(probed).toBe(REST_ROUTES.filter((r) => metaOf(r.procedure).access !== 'public').length);
  });
});

/** The operation of the description a URL is answered by (a literal path before one with parameters). */
function operationOf(method: string, url: string): string | undefined {
  const bare = url.split('?')[0]!;
  const matches = Object.keys(doc.paths)
    .filter((p) => doc.paths[p][method.toLowerCase()] && new RegExp(`^${p.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`).test(bare))
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  return matches[0] && `${method} ${matches[0]}`;
}

describe('the answers match the description', () => {
  let ajv: import('ajv').default;
  beforeAll(async () => {
    const { default: Ajv2020 } = await import('ajv/dist/2020');
    ajv = new Ajv2020({ strict: false, allErrors: true }) as unknown as import('ajv').default;
  });
  const schemaOf = (operation: string, status: number) => {
    const [method, path] = operation.split(' ') as [string, string];
    return doc.paths[path][method.toLowerCase()].responses[String(status)]?.content?.['application/json']?.schema;
  };

  it('every route that answers JSON does so as its schema says: no field undescribed, none required missing', async () => {
    const answers = new Map<string, { status: number; body: unknown }>();
    const call = async (client: TestClient, method: string, url: string, body?: unknown): Promise<TestResponse> => {
      const res = await client.request(method, url, body);
      const op = operationOf(method, url);
      expect(op, `${method} ${url} is described`).toBeDefined();
      expect(res.status, `${method} ${url}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
      if (!answers.has(op!)) answers.set(op!, { status: res.status, body: res.body });
      return res;
    };
    const anon = t.client();
    await call(anon, 'GET', '/api/health');
    await call(anon, 'GET', '/api/openapi.json');
    await call(anon, 'GET', '/api/auth/check');
    await call(anon, 'POST', '/api/register', {
      username: 'tour@x.io',
      email: 'tour@x.io',
      firstname: 'To',
      lastname: 'Ur',
      companyName: 'Tour',
      password: 'Tour12345',
    });
    await call(anon, 'GET', '/api/user');
    await call(anon, 'POST', '/api/verify-email/resend');
    await call(t.client(), 'POST', '/api/verify-email', { token: await tokenMailedTo(t, 'tour@x.io', 'verify-email') });
    await call(anon, 'PATCH', '/api/user/profile', { firstname: 'Tou' });
    await call(anon, 'PATCH', '/api/profile', { lastname: 'Ring' });
    await call(anon, 'POST', '/api/logout');
    await call(anon, 'POST', '/api/password-reset/request', { email: 'nobody@example.com' });
    const admin = t.client();
    await call(admin, 'POST', '/api/login', { username: ADMIN.email, password: ADMIN.password });

    await call(admin, 'POST', '/api/account/api-keys', { name: 'Tour', scope: 'write' });
    await call(admin, 'GET', '/api/account/api-keys');
    await call(admin, 'GET', '/api/admin/api-keys');
    for (const path of ['packages', 'addons', 'addon-categories', 'discounts', 'company']) await call(admin, 'GET', `/api/${path}`);
    await call(admin, 'PUT', '/api/admin/company', { name: 'Tour Sales BV', terms: 'Net 30.' });

    const form = {
      packageId: 1,
      pricingModel: 'sqm',
      squareMeters: 500,
      userCount: 20,
      locations: 2,
      addOns: [{ id: 1, waiveSetupFee: true }],
      customItems: [{ id: 'a', name: 'Training', isOneTime: true, price: 100 }],
      selectedDiscountIds: [1, 6],
      contractDuration: 24,
      paymentFrequency: 'annually',
    };
    await call(admin, 'POST', '/api/quote', form);
    const { selectedDiscountIds, ...fields } = form;
    const saved = { ...fields, name: 'Tour', discountIds: selectedDiscountIds, customerCompany: 'Contoso', customerEmail: 'buyer@example.com' };
    const q = (await call(admin, 'POST', '/api/configurations', saved)).body.id as number;
    await call(admin, 'PATCH', `/api/configurations/${q}`, { ...saved, locations: 3 });
    await call(admin, 'GET', '/api/configurations');
    await call(admin, 'GET', `/api/configurations/${q}`);
    await call(admin, 'GET', `/api/configurations/${q}/revisions`);
    await call(admin, 'GET', `/api/configurations/${q}/revisions/1`);
    await call(admin, 'POST', `/api/configurations/${q}/reprice`);
    const share = await call(admin, 'POST', `/api/configurations/${q}/share`);
    await call(admin, 'GET', `/api/configurations/${q}/share`);
    await call(admin, 'POST', `/api/configurations/${q}/send`, { message: 'As agreed.' });
    const token = String(share.body.url).split('/').pop()!;
    await call(anon, 'GET', '/api/shared');
    await call(anon, 'GET', `/api/shared/${token}`);
    await call(anon, 'POST', `/api/shared/${token}/accept`, { name: 'Bea Buyer', email: 'buyer@example.com', consent: true });
    await call(admin, 'GET', `/api/configurations/${q}`);
    await call(admin, 'GET', `/api/configurations/${q}/activity`);
    const second = (await call(admin, 'POST', `/api/configurations/${q}/duplicate`)).body.id as number;
    await call(admin, 'POST', `/api/configurations/${second}/status`, { status: 'sent' });
    const other = String((await admin.post(`/api/configurations/${second}/share`)).body.url)
      .split('/')
      .pop()!;
    await call(anon, 'POST', `/api/shared/${other}/decline`, { reason: 'Too dear' });

    const pkg = (
      await call(admin, 'POST', '/api/packages', { name: 'Tour', description: '', basePrice: '10', setupFee: 0, extraLocationPrice: '1.5' })
    ).body.id as number;
    await call(admin, 'PATCH', `/api/packages/${pkg}`, { basePrice: '12.34' });
    const tier = (await call(admin, 'POST', `/api/packages/${pkg}/pricetiers`, { minSqm: 0, maxSqm: null, pricePerSqm: '1.00' })).body.id as number;
    await call(admin, 'PATCH', `/api/packages/${pkg}/pricetiers/${tier}`, { pricePerSqm: '2.75' });
    await call(admin, 'PUT', `/api/packages/${pkg}/pricetiers`, {
      tiers: [
        { minSqm: 0, maxSqm: 99, pricePerSqm: '3' },
        { minSqm: 100, maxSqm: null, pricePerSqm: '2' },
      ],
    });
    const userTier = (await call(admin, 'POST', `/api/packages/${pkg}/user-price-tiers`, { minUsers: 1, maxUsers: null, pricePerUser: '5' })).body
      .id as number;
    await call(admin, 'PATCH', `/api/packages/${pkg}/user-price-tiers/${userTier}`, { pricePerUser: '11' });
    await call(admin, 'PUT', `/api/packages/${pkg}/user-price-tiers`, { tiers: [{ minUsers: 1, maxUsers: null, pricePerUser: '9' }] });
    const cat = (await call(admin, 'POST', '/api/addon-categories', { name: 'Tour', icon: 'gear', allowsMultipleSelection: true })).body.id as number;
    await call(admin, 'PATCH', `/api/addon-categories/${cat}`, { name: 'Toured' });
    const addOn = (await call(admin, 'POST', '/api/addons', { name: 'Tour', categoryId: cat, setupFee: '1', monthlyFee: '2' })).body.id as number;
    await call(admin, 'PATCH', `/api/addons/${addOn}`, { availableForPackages: [pkg] });
    const discount = (
      await call(admin, 'POST', '/api/discounts', {
        name: 'Tour',
        type: 'fixed',
        value: '5',
        conditions: [{ type: 'package', operator: 'in', value: [pkg] }],
      })
    ).body.id as number;
    await call(admin, 'PATCH', `/api/discounts/${discount}`, { value: 7 });
    const file = (await call(admin, 'GET', '/api/admin/catalogue')).body;
    await call(admin, 'PUT', '/api/admin/catalogue?dryRun=true', file);

    const someone = (
      await call(admin, 'POST', '/api/admin/users', {
        username: 'tourist',
        email: 'tourist@x.io',
        firstname: 'T',
        lastname: 'U',
        companyName: 'C',
        password: 'Tour12345',
        isAdmin: false,
      })
    ).body.id as number;
    await call(admin, 'PATCH', `/api/admin/users/${someone}`, { companyName: 'Tour BV' });
    const link = (await call(admin, 'POST', `/api/admin/users/${someone}/reset-link`)).body.resetUrl as string;
    const resetToken = new URL(link).searchParams.get('token')!;
    await call(anon, 'POST', '/api/password-reset/reset', { token: resetToken, newPassword: 'Tour54321', confirmPassword: 'Tour54321' });
    await call(admin, 'GET', '/api/admin/users');
    await call(admin, 'GET', '/api/admin/email-logs');
    await call(admin, 'GET', '/api/admin/audit?limit=20');

    const hook = (await call(admin, 'POST', '/api/admin/webhooks', { url: 'https://example.com/hook', events: ['quote.sent'] })).body.id as number;
    await call(admin, 'GET', '/api/admin/webhooks');
    await call(admin, 'GET', `/api/admin/webhooks/${hook}`);
    await call(admin, 'PATCH', `/api/admin/webhooks/${hook}`, { active: false });
    const ping = (await call(admin, 'POST', `/api/admin/webhooks/${hook}/test`)).body.id as number;
    await call(admin, 'GET', `/api/admin/webhooks/${hook}/deliveries`);
    await call(admin, 'POST', `/api/admin/webhooks/${hook}/deliveries/${ping}/resend`);

    const json = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) =>
        Object.entries(op.responses as Record<string, any>)
          .filter(([status, r]) => Number(status) < 300 && r.content?.['application/json'])
          .map(([status]) => ({ operation: `${method.toUpperCase()} ${path}`, status: Number(status) })),
      ),
    );
    expect(json.length).toBeGreaterThan(60);
    for (const { operation, status } of json) {
      const answer = answers.get(operation);
      expect(answer, `${operation} was called`).toBeDefined();
      expect(answer!.status, operation).toBe(status);
      const schema = schemaOf(operation, status);
      expect(Object.keys(schema).length, `${operation} declares its answer`).toBeGreaterThan(0);
      expect(ajv.validate(schema, answer!.body), `${operation}: ${ajv.errorsText()}`).toBe(true);
    }
    // An error answer matches the Error component.
    const refused = await t.client().get('/api/account/api-keys');
    expect(ajv.validate(doc.components.schemas.Error, refused.body)).toBe(true);
  });

  it('fails an answer with a field the description does not name, or without one it requires, at any depth', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const me = (await admin.get('/api/user')).body;
    const user = schemaOf('GET /api/user', 200);
    expect(ajv.validate(user, me)).toBe(true);
    expect(ajv.validate(user, { ...me, passwordHash: 'x' })).toBe(false);
    expect(ajv.errorsText()).toContain('must NOT have additional properties');
    const { email: _email, ...withoutEmail } = me;
    expect(ajv.validate(user, withoutEmail)).toBe(false);
    expect(ajv.errorsText()).toContain("must have required property 'email'");

    const list = (await admin.get('/api/configurations')).body;
    const quotes = schemaOf('GET /api/configurations', 200);
    expect(list.length).toBeGreaterThan(0);
    expect(ajv.validate(quotes, list)).toBe(true);
    expect(ajv.validate(quotes, [{ ...list[0], views: { ...list[0].views, byBots: 0 } }])).toBe(false);
    const detail = (await admin.get(`/api/configurations/${list[0].id}`)).body;
    const get = schemaOf('GET /api/configurations/{id}', 200);
    expect(ajv.validate(get, detail)).toBe(true);
    const { pricedAt: _p, ...snapshot } = detail.snapshot;
    expect(ajv.validate(get, { ...detail, snapshot })).toBe(false);
    expect(ajv.validate(get, { ...detail, snapshot: { ...detail.snapshot, breakdowns: [{ ...detail.snapshot.breakdowns[0], note: 'x' }] } })).toBe(
      false,
    );
  });
});
