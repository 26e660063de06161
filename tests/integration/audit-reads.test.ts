// Audit reads stay bounded: a quote's activity is paged like the audit list (oldest first, limit default 50 and at most
// 500, X-Total-Count; owner or admin), and the CSV export is produced in chunks with a turn of the event loop between
// two chunks, so other requests are served while a large export runs (npm run measure:audit-export measures it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCsvChunks, AUDIT_EXPORT_CHUNK } from '../../src/server/services/audit';
import { demoIds } from '../support/configurations';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;
let admin: TestClient;
let quoteId: number;
/** Entries of the quote: created, then toggled between draft and sent. */
const TOGGLES = 120;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
  const q = await user.post('/api/configurations', { name: 'Busy timeline', packageId: demoIds(t).pkg('Advanced'), squareMeters: 100 });
  quoteId = q.body.id;
  for (let i = 0; i < TOGGLES; i++) {
    t.clock.advance(1000);
    expect((await user.post(`/api/configurations/${quoteId}/status`, { status: i % 2 === 0 ? 'sent' : 'draft' })).status).toBe(200);
  }
});
afterAll(() => t.close());

describe('GET /api/configurations/{id}/activity', () => {
  it('oldest first, 50 by default, X-Total-Count; pages follow on', async () => {
    const first = await user.get(`/api/configurations/${quoteId}/activity`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe(String(TOGGLES + 1));
    expect(first.body).toHaveLength(50);
    expect(first.body[0].action).toBe('created');
    expect(first.body[1]).toMatchObject({ action: 'status_changed', before: { status: 'draft' }, after: { status: 'sent' } });
    const third = await user.get(`/api/configurations/${quoteId}/activity?page=3&limit=50`);
    expect(third.body).toHaveLength(TOGGLES + 1 - 100);
    const ids = [...first.body, ...(await user.get(`/api/configurations/${quoteId}/activity?page=2`)).body, ...third.body].map(
      (e: { id: number }) => e.id,
    );
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(TOGGLES + 1);
    const all = await user.get(`/api/configurations/${quoteId}/activity?limit=500`);
    expect(all.body).toHaveLength(TOGGLES + 1);
  });

  it('limit above 500, page 0 or a word are a 400; another user’s quote a 404; signed out a 401; the admin reads it', async () => {
    for (const q of ['limit=501', 'limit=0', 'page=0', 'page=two']) {
      expect((await user.get(`/api/configurations/${quoteId}/activity?${q}`)).status, q).toBe(400);
    }
    expect((await user.get('/api/configurations/999999/activity')).status).toBe(404);
    expect((await t.client().get(`/api/configurations/${quoteId}/activity?limit=9999`)).status).toBe(401);
    const byAdmin = await admin.get(`/api/configurations/${quoteId}/activity?limit=5&page=2`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toHaveLength(5);
  });

  it('tRPC configurations.activity answers the same page with its total', async () => {
    const res = await trpcCall(user, 'query', 'configurations.activity', { id: quoteId, page: 2, limit: 10 });
    expect(res.status).toBe(200);
    const rest = await user.get(`/api/configurations/${quoteId}/activity?page=2&limit=10`);
    expect(res.body.result.data).toEqual({ items: rest.body, total: TOGGLES + 1 });
    expect((await trpcCall(user, 'query', 'configurations.activity', { id: quoteId, limit: 501 })).status).toBe(400);
  });
});

describe('GET /api/admin/audit.csv', () => {
  it('every matching entry, newest first, the same rows as the paged list', async () => {
    const res = await admin.get(`/api/admin/audit.csv?entity=quote`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,userId,actor,entity,entityId,action,before,after');
    const listed = await admin.get('/api/admin/audit?entity=quote&limit=500');
    expect(lines.length - 1).toBe(Number(listed.headers.get('x-total-count')));
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(listed.body.map((e: { id: number }) => e.id));
  });

  it('is made a chunk at a time, with a turn of the event loop before each chunk; chunks add up to every row once', async () => {
    const total = (t.db.$client.prepare('select count(*) as n from audit_log').get() as { n: number }).n;
    const chunks: string[] = [];
    let turns = 0;
    const generator = auditCsvChunks(t.db, {}, 7);
    for (;;) {
      // Something another request would do, queued while the export runs: it must run before the next chunk is read.
      let served = false;
      setImmediate(() => {
        served = true;
      });
      const next = await generator.next();
      if (next.done) break;
      if (chunks.length > 0) {
        expect(served).toBe(true);
        turns += 1;
      }
      chunks.push(next.value);
    }
    expect(turns).toBe(Math.ceil(total / 7));
    const rows = chunks.join('').trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.split(',')[0])).size).toBe(total);
    expect(AUDIT_EXPORT_CHUNK).toBeGreaterThanOrEqual(1000);
  });

  it('the tRPC door answers the file’s name and type, never the whole export in one JSON answer', async () => {
    const res = await trpcCall(admin, 'query', 'admin.audit.csv', {});
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({ fileName: 'audit.csv', contentType: 'text/csv; charset=utf-8' });
    expect((await trpcCall(user, 'query', 'admin.audit.csv', {})).status).toBe(403);
  });
});
