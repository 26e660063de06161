// The API describes itself (docs/API.md): GET /api/openapi.json is built from the procedures' zod schemas and names
// every route the app answers under /api; GET /api/docs is a reference page whose script and style the app serves.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../../src/server/openapi/routes';
import { createRestApi } from '../../src/server/rest';
import { appRouter } from '../../src/server/trpc/root';
import { ADMIN, createTestApp, type TestApp } from '../support/test-app';
import { trpcCall } from '../support/trpc-http';

let t: TestApp;
let doc: any;
const procedures = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures);
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

  it('holds every REST path docs/API.md names', () => {
    const text = fs.readFileSync('docs/API.md', 'utf8');
    const named = [...text.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`\s?[]*)/g)].map((m) => `${m[1]} ${shape(m[2]!)}`);
    expect(named.length).toBeGreaterThan(10);
    const described = new Set(operations().map((o) => `${o.method} ${shape(o.path)}`));
    expect(named.filter((n) => !described.has(n))).toEqual([]);
  });

  it('names each operation by its procedure, with its parameters, body, answer and security', () => {
    for (const { path, method, op } of operations()) {
      const procedure = String(op.operationId).split(':')[0]!;
      expect(procedures, `${method} ${path}`).toContain(procedure);
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
        expect(op.parameters?.some((p: { in: string; name: string }) => p.in === 'path' && p.name === name), `${method} ${path} ${name}`).toBe(true);
      }
    }
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);

    const create = doc.paths['/api/account/api-keys'].post;
    expect(create.operationId).toBe('auth.apiKeys.create');
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['name', 'scope']),
      properties: { scope: { enum: ['read', 'write'] } },
    });
    expect(create.responses['201'].content['application/json'].schema.properties).toHaveProperty('key');
    expect(create.security).toEqual([{ sessionCookie: [] }, { bearerKey: [] }]);

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
  });
});

describe('the answers match the description', () => {
  it('every JSON answer of the routes with a declared answer validates against its schema (JSON Schema 2020-12)', async () => {
    const { default: Ajv2020 } = await import('ajv/dist/2020');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const key = await admin.post('/api/account/api-keys', { name: 'Described', scope: 'read' });
    const hook = await admin.post('/api/admin/webhooks', { url: 'https://example.com/hook', events: ['quote.sent'] });
    const ping = await admin.post(`/api/admin/webhooks/${hook.body.id}/test`);
    const calls: [method: string, url: string, path: string, status: number, res: Awaited<ReturnType<typeof admin.get>>][] = [
      ['post', '/api/account/api-keys', '/api/account/api-keys', 201, key],
      ['get', '/api/account/api-keys', '/api/account/api-keys', 200, await admin.get('/api/account/api-keys')],
      ['get', '/api/admin/api-keys', '/api/admin/api-keys', 200, await admin.get('/api/admin/api-keys')],
      ['post', '/api/admin/webhooks', '/api/admin/webhooks', 201, hook],
      ['get', '/api/admin/webhooks', '/api/admin/webhooks', 200, await admin.get('/api/admin/webhooks')],
      ['get', `/api/admin/webhooks/${hook.body.id}`, '/api/admin/webhooks/{id}', 200, await admin.get(`/api/admin/webhooks/${hook.body.id}`)],
      ['patch', `/api/admin/webhooks/${hook.body.id}`, '/api/admin/webhooks/{id}', 200, await admin.patch(`/api/admin/webhooks/${hook.body.id}`, { active: false })],
      ['post', 'test', '/api/admin/webhooks/{id}/test', 202, ping],
      ['get', 'deliveries', '/api/admin/webhooks/{id}/deliveries', 200, await admin.get(`/api/admin/webhooks/${hook.body.id}/deliveries`)],
      ['put', 'dry run', '/api/admin/catalogue', 200, await admin.request('PUT', '/api/admin/catalogue?dryRun=true', (await admin.get('/api/admin/catalogue')).body)],
    ];
    let checked = 0;
    for (const [method, url, path, status, res] of calls) {
      expect(res.status, `${method} ${url}`).toBe(status);
      const schema = doc.paths[path][method].responses[String(status)].content['application/json'].schema;
      expect(Object.keys(schema).length, `${method} ${path} declares its answer`).toBeGreaterThan(0);
      const valid = ajv.validate(schema, res.body);
      expect(valid, `${method} ${url}: ${ajv.errorsText()}`).toBe(true);
      checked += 1;
    }
    expect(checked).toBe(calls.length);
    // An error answer matches the Error component.
    const refused = await t.client().get('/api/account/api-keys');
    expect(ajv.validate(doc.components.schemas.Error, refused.body)).toBe(true);
    // ... and a wrong answer would not pass.
    expect(ajv.validate(doc.paths['/api/admin/webhooks'].post.responses['201'].content['application/json'].schema, { id: 'x' })).toBe(false);
  });
});
