import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { bootstrapAdmin } from '../../src/server/seed/seed';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('ADMIN_EMAIL / ADMIN_PASSWORD bootstrap', () => {
  it('creates the admin once; it can sign in and is an admin', async () => {
    const log: string[] = [];
    expect(await bootstrapAdmin(t.db, t.clock, 'boss@example.org', 'Bootstrap123', (m) => log.push(m))).toBe(true);
    expect(log).toEqual(['Created the admin account boss@example.org.']);
    const rows = t.db.select().from(users).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'boss@example.org', username: 'boss@example.org', isAdmin: true });
    const login = await t.client().post('/api/login', { username: 'boss@example.org', password: 'Bootstrap123' });
    expect(login.status).toBe(200);
    expect(login.body.isAdmin).toBe(true);
  });

  it('does nothing when an account has that email (in any case), and never overwrites its password', async () => {
    const before = t.db.select().from(users).where(eq(users.email, 'boss@example.org')).get();
    const log: string[] = [];
    expect(await bootstrapAdmin(t.db, t.clock, 'BOSS@example.org', 'Different123', (m) => log.push(m))).toBe(false);
    expect(log).toEqual(['ADMIN_EMAIL BOSS@example.org already has an account (id 1, an admin): skipped, nothing was changed.']);
    expect(t.db.select().from(users).all()).toHaveLength(1);
    expect(t.db.select().from(users).where(eq(users.email, 'boss@example.org')).get()?.passwordHash).toBe(before?.passwordHash);
    expect((await t.client().post('/api/login', { username: 'boss@example.org', password: 'Different123' })).status).toBe(401);
  });

  it('is keyed on the email alone: an account using that address as its username (older data) gets its own email back', async () => {
    // Such a username cannot be made through the app; this row stands for one in older data.
    t.db.insert(users).values({ username: 'ops@example.org', email: 'ops-real@example.org', passwordHash: 'x', createdAt: t.clock.now() }).run();
    const log: string[] = [];
    expect(await bootstrapAdmin(t.db, t.clock, 'ops@example.org', 'Another123', (m) => log.push(m))).toBe(true);
    expect(t.db.select().from(users).where(eq(users.email, 'ops-real@example.org')).get()?.username).toBe('ops-real@example.org');
    expect(t.db.select().from(users).where(eq(users.email, 'ops@example.org')).get()?.isAdmin).toBe(true);
    expect(log.join('\n')).toContain('Created the admin account ops@example.org.');
    t.db.delete(users).where(eq(users.email, 'ops-real@example.org')).run();
    t.db.delete(users).where(eq(users.email, 'ops@example.org')).run();
  });

  it('does nothing when the variables are unset', async () => {
    expect(await bootstrapAdmin(t.db, t.clock, undefined, undefined)).toBe(false);
    expect(t.db.select().from(users).all()).toHaveLength(1);
  });
});
