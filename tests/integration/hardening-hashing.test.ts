// Password hashing is not a lever. A small pool with a queue limit answers 429 + Retry-After when
// full (both doors); registrations and reset requests are limited per client address; admins are not limited.
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, users } from '../../db/schema';
import { HASH_CONCURRENCY, HASH_QUEUE_LIMIT, hashPool } from '../../src/server/auth/hash-pool';
import { registration } from '../support/accounts';
import { addUser } from '../support/configurations';
import { MINUTE } from '../support/clock';
import { batchCodes, trpcBatch } from '../support/trpc-http';
import { ADMIN, createTestApp, USER, type TestApp } from '../support/test-app';

describe('the hashing pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is small: at most 2 at a time, one core always left to the event loop, 8 waiting per slot', () => {
    expect(HASH_CONCURRENCY).toBe(Math.max(1, Math.min(2, os.availableParallelism() - 1)));
    expect(HASH_QUEUE_LIMIT).toBe(8 * HASH_CONCURRENCY);
  });

  /** `n` accounts that really hash (the demo user's hash copied): logins for unknown accounts hash nothing. */
  function knownAccounts(prefix: string, n: number): string[] {
    const hash = t.db.select().from(users).where(eq(users.email, USER.email)).get()!.passwordHash;
    return Array.from({ length: n }, (_, i) => {
      const email = `${prefix}${i}@example.org`;
      addUser(t, email);
      t.db.update(users).set({ passwordHash: hash }).where(eq(users.email, email)).run();
      return email;
    });
  }

  it('answers 429 with Retry-After to parallel REST logins beyond its queue, never a 5xx, and does not count them as failures', async () => {
    const results = await Promise.all(
      knownAccounts('member', 60).map((username) => t.client().post('/api/login', { username, password: 'Whatever123' })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const busy = results.find((r) => r.status === 429)!;
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(busy.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'The server is busy. Please try again in a moment.' });
    // Once the flood has drained, the real user signs in at once.
    const real = await t.client().post('/api/login', { username: USER.email, password: USER.password });
    expect(real.status).toBe(200);
  });

  it('a login refused because the pool is full is not counted toward the per-account lockout', async () => {
    // Occupy every slot and every place in the queue, deterministically.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LIMIT }, () => hashPool.run(() => gate));
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, () => t.client().post('/api/login', { username: USER.email, password: 'WrongPass123' })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(12).fill(429));
      expect(results[0]!.body.message).toBe('The server is busy. Please try again in a moment.');
      expect(results[0]!.headers.get('retry-after')).toBe('1');
      expect(t.db.select().from(loginFailures).where(eq(loginFailures.account, USER.email)).all()).toHaveLength(0);
    } finally {
      release();
      await Promise.all(held);
    }
    // More than 10 refused attempts, yet the account is not locked: the right password works.
    expect((await t.client().post('/api/login', { username: USER.email, password: USER.password })).status).toBe(200);
  });

  it('does the same on the tRPC door: 10-call login batches in parallel get TOO_MANY_REQUESTS with Retry-After', async () => {
    t.clock.advance(16 * MINUTE); // the previous test's failures leave the window
    const accounts = knownAccounts('ghost', 60);
    const batch = (b: number) =>
      trpcBatch(
        t.client(),
        'mutation',
        Array.from({ length: 10 }, (_, i) => ({ path: 'auth.login', input: { username: accounts[b * 10 + i], password: 'Whatever123' } })),
      );
    const results = await Promise.all(Array.from({ length: 6 }, (_, b) => batch(b)));
    const codes = results.flatMap(batchCodes);
    expect(codes.every((c) => c === 'UNAUTHORIZED' || c === 'TOO_MANY_REQUESTS')).toBe(true);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS').length).toBeGreaterThan(0);
    const busy = results.find((r) => batchCodes(r).includes('TOO_MANY_REQUESTS'))!;
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('refuses a flood of logins for unknown accounts beyond the pool’s size with 429 too, though they hash nothing', async () => {
    t.clock.advance(16 * MINUTE);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => t.client().post('/api/login', { username: `nobody${i}@example.org`, password: 'Whatever123' })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(HASH_CONCURRENCY + HASH_QUEUE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - HASH_CONCURRENCY - HASH_QUEUE_LIMIT);
  });
});

describe('per-address limits on registrations and reset requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_REGISTER: '3', RATE_LIMIT_RESET: '3', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t.services.mailer.idle();
    t.close();
  });
  const from = (address: string) => ({ 'x-forwarded-for': `203.0.113.9, ${address}` });

  it('registrations: the 4th from one address in 10 minutes is a 429 with Retry-After; another address is served', async () => {
    for (let i = 0; i < 3; i++) expect((await t.client().post('/api/register', registration(), from('198.51.100.1'))).status).toBe(201);
    const fourth = await t.client().post('/api/register', registration(), from('198.51.100.1'));
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe('Too many requests from your address. Please try again in 10 minutes.');
    expect(Number(fourth.headers.get('retry-after'))).toBe(600);
    // the tRPC door shares the count
    const viaTrpc = await trpcBatch(t.client(), 'mutation', [{ path: 'auth.register', input: registration() }], from('198.51.100.1'));
    expect(batchCodes(viaTrpc)).toEqual(['TOO_MANY_REQUESTS']);
    expect(viaTrpc.headers.get('retry-after')).toBe('600');
    expect((await t.client().post('/api/register', registration(), from('198.51.100.2'))).status).toBe(201);
    t.clock.advance(10 * MINUTE);
    expect((await t.client().post('/api/register', registration(), from('198.51.100.1'))).status).toBe(201);
  });

  it('one batch of many registrations cannot create many accounts', async () => {
    const calls = Array.from({ length: 10 }, () => ({ path: 'auth.register', input: registration() }));
    const codes = batchCodes(await trpcBatch(t.client(), 'mutation', calls, from('198.51.100.3')));
    expect(codes.filter((c) => c === null)).toHaveLength(3);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(7);
  });

  it('reset requests: the 4th from one address is a 429, for known and unknown addresses alike', async () => {
    const emails = [USER.email, 'nobody@example.org', USER.email];
    for (const email of emails) expect((await t.client().post('/api/password-reset/request', { email }, from('198.51.100.4'))).status).toBe(200);
    const fourth = await t.client().post('/api/password-reset/request', { email: 'nobody@example.org' }, from('198.51.100.4'));
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('600');
  });

  it('admin-created accounts are not limited', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    for (let i = 0; i < 5; i++) {
      const r = registration();
      const res = await admin.post('/api/admin/users', { ...r, isAdmin: false }, from('198.51.100.1'));
      expect(res.status).toBe(201);
    }
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: every request counts for the socket’s address', async () => {
    const t2 = await createTestApp({ env: { RATE_LIMIT_REGISTER: '2' } });
    try {
      expect((await t2.client().post('/api/register', registration(), from('1.1.1.1'))).status).toBe(201);
      expect((await t2.client().post('/api/register', registration(), from('2.2.2.2'))).status).toBe(201);
      expect((await t2.client().post('/api/register', registration(), from('3.3.3.3'))).status).toBe(429);
    } finally {
      t2.close();
    }
  });

  it('0 turns a limit off', async () => {
    const t3 = await createTestApp({ env: { RATE_LIMIT_REGISTER: '0' } });
    try {
      for (let i = 0; i < 25; i++) expect((await t3.client().post('/api/register', registration())).status).toBe(201);
    } finally {
      t3.close();
    }
  });
});
