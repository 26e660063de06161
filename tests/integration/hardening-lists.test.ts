// The login_failures(at) index, and the admin's unpaged configuration list is bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURATIONS_ALL_MAX } from '../../src/shared/schemas/configuration';
import { trpcCall } from '../support/trpc-http';
import { registration } from '../support/accounts';
import { appWithAdmin, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

describe('login failures stay cheap (point 8)', () => {
  it('the cleanup by time uses an index on login_failures(at)', () => {
    const plan = t.db.$client.prepare('EXPLAIN QUERY PLAN DELETE FROM login_failures WHERE at <= ?').all(Date.now()) as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING (COVERING )?INDEX login_failures_at_idx/);
  });
});

describe('GET /api/configurations is bounded (point 11)', () => {
  const total = CONFIGURATIONS_ALL_MAX + 5;
  beforeAll(() => {
    const sqlite = t.db.$client;
    const insert = sqlite.prepare(`INSERT INTO configurations (name, user_id, package_id, package_name, pricing_model, square_meters,
      user_count, locations, contract_duration, payment_frequency, add_ons, discount_ids, custom_items, total_monthly_cents,
      setup_fees_cents, tcv_cents, snapshot, created_at, updated_at)
      VALUES (?, 2, 1, 'Entry', 'sqm', 100, 0, 1, 12, 'annually', '[]', '[]', '[]', 100, 0, 1200, '{}', ?, ?)`);
    sqlite.transaction(() => {
      for (let i = 1; i <= total; i++) insert.run(`Bulk ${i}`, 1_700_000_000_000 + i * 1000, 1_700_000_000_000 + i * 1000);
    })();
  });

  it('is at most 1,000', () => {
    expect(CONFIGURATIONS_ALL_MAX).toBe(1000);
  });

  it('answers the newest 1,000 as a plain array, saying it was cut', async () => {
    const res = await admin.get('/api/configurations');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(1000);
    expect(res.body[0].name).toBe(`Bulk ${total}`);
    expect(res.headers.get('x-total-count')).toBe(String(total));
    expect(res.headers.get('x-truncated')).toBe('true');
  });

  it('pages with ?page=&limit= (limit at most 1,000)', async () => {
    const res = await admin.get('/api/configurations?page=2&limit=3');
    expect(res.status).toBe(200);
    expect(res.body.map((c: { name: string }) => c.name)).toEqual([`Bulk ${total - 3}`, `Bulk ${total - 4}`, `Bulk ${total - 5}`]);
    expect(res.headers.get('x-total-count')).toBe(String(total));
    const last = await admin.get(`/api/configurations?page=2&limit=1000`);
    expect(last.body).toHaveLength(5);
    expect(last.headers.get('x-truncated')).toBeNull();
    for (const bad of ['limit=1001', 'limit=0', 'page=0', 'page=x']) {
      const r = await admin.get(`/api/configurations?${bad}`);
      expect(r.status).toBe(400);
    }
  });

  it('a user with few rows still gets their plain, complete list', async () => {
    const c = t.client();
    expect((await c.post('/api/register', registration())).status).toBe(201);
    expect((await c.post('/api/configurations', { name: 'Only one', packageId: 1, squareMeters: 100 })).status).toBe(201);
    const mine = await c.get('/api/configurations');
    expect(mine.status).toBe(200);
    expect(mine.body.map((x: { name: string }) => x.name)).toEqual(['Only one']);
    expect(mine.headers.get('x-total-count')).toBe('1');
    expect(mine.headers.get('x-truncated')).toBeNull();
  });

  it('the tRPC door is bounded the same way', async () => {
    const res = await trpcCall(admin, 'query', 'configurations.all', {});
    expect(res.body.result.data).toHaveLength(1000);
    const everyone = Number((await admin.get('/api/configurations')).headers.get('x-total-count'));
    const page = await trpcCall(admin, 'query', 'configurations.all', { page: 2, limit: 1000 });
    expect(page.body.result.data).toHaveLength(everyone - 1000);
    const counted = await trpcCall(admin, 'query', 'configurations.allWithTotal', { limit: 10 });
    expect(counted.body.result.data).toMatchObject({ total: everyone, truncated: true });
    expect(counted.body.result.data.items).toHaveLength(10);
  });
});
