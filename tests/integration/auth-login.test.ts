import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginFailures } from '../../db/schema';
import { registerAccount } from '../support/accounts';
import { hashPool } from '../../src/server/auth/hash-pool';
import { MINUTE } from '../support/clock';
import { ADMIN, createTestApp, USER, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/login', () => {
  it('answers the user object and sets the session cookie', async () => {
    const client = t.client();
    const res = await client.post('/api/login', { username: USER.email, password: USER.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: USER.email, username: USER.email, isAdmin: false, firstname: 'Sam' });
    expect(res.body.lastLogin).toBe(t.clock.now().toISOString());
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.headers.get('set-cookie')).toMatch(/^session=[a-z2-7]{32};/);
  });

  it('matches the address without regard to case or surrounding spaces', async () => {
    const res = await t.client().post('/api/login', { username: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(true);
  });

  it('answers 401 "Invalid username or password" for a wrong password and for an unknown account alike', async () => {
    const wrong = await t.client().post('/api/login', { username: USER.email, password: 'WrongPass1' });
    const unknown = await t.client().post('/api/login', { username: 'nobody@example.org', password: 'WrongPass1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password', error: 'Invalid username or password', code: 'UNAUTHORIZED' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('validates the form with the seed messages', async () => {
    const badEmail = await t.client().post('/api/login', { username: 'admin', password: 'Admin1234' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Please enter a valid email address');
    const shortPassword = await t.client().post('/api/login', { username: ADMIN.email, password: 'short' });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toBe('Password must be at least 8 characters');
  });

  it('answers an unknown account after as long as a verification takes, and hashes nothing for it', async () => {
    const runs = vi.spyOn(hashPool, 'run');
    try {
      expect((await t.client().post('/api/login', { username: ADMIN.email, password: 'WrongPass1' })).status).toBe(401);
      expect(runs).toHaveBeenCalledTimes(1);
      const started = performance.now();
      expect((await t.client().post('/api/login', { username: 'ghost@example.org', password: 'WrongPass1' })).status).toBe(401);
      // A lower bound only (a busy machine makes it longer, never shorter): without the wait, about a millisecond.
      expect(performance.now() - started).toBeGreaterThanOrEqual(10);
      expect(runs).toHaveBeenCalledTimes(1);
    } finally {
      runs.mockRestore();
    }
    // Clean up, so the admin account is not near its throttle for the other tests.
    t.db.delete(loginFailures).run();
  });
});

describe('login throttling', () => {
  it('answers 429 from the 11th attempt within 15 minutes, even with the right password, then opens again', async () => {
    const account = await registerAccount(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.client().post('/api/login', { username: account.email, password: 'WrongPass1' });
      expect(res.status).toBe(401);
      t.clock.advance(MINUTE / 2);
    }
    const eleventh = await t.client().post('/api/login', { username: account.email, password: account.password });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe('TOO_MANY_REQUESTS');
    expect(eleventh.body.message).toMatch(/^Too many failed login attempts\. Please try again in \d+ minutes?\.$/);
    expect(eleventh.headers.get('set-cookie')).toBeNull();

    // Still inside the window of the first failure.
    t.clock.advance(9 * MINUTE);
    expect((await t.client().post('/api/login', { username: account.email, password: account.password })).status).toBe(429);

    // 15 minutes after the failures, the account opens again.
    t.clock.advance(6 * MINUTE);
    const later = await t.client().post('/api/login', { username: account.email, password: account.password });
    expect(later.status).toBe(200);
  });

  it('counts per account, whatever the spelling of the address, and leaves other accounts alone', async () => {
    const victim = await registerAccount(t);
    for (let i = 0; i < 10; i++) {
      const username = i % 2 === 0 ? victim.email : victim.email.toUpperCase();
      await t.client().post('/api/login', { username, password: 'WrongPass1' });
    }
    const blocked = await t.client().post('/api/login', { username: victim.email, password: victim.password });
    expect(blocked.status).toBe(429);
    // Same client (same address), another account: served.
    const other = await t.client().post('/api/login', { username: USER.email, password: USER.password });
    expect(other.status).toBe(200);
    t.clock.advance(15 * MINUTE);
  });

  it('throttles unknown accounts the same way, so the 429 does not tell which exist', async () => {
    for (let i = 0; i < 10; i++) await t.client().post('/api/login', { username: 'ghost@example.org', password: 'WrongPass1' });
    const res = await t.client().post('/api/login', { username: 'ghost@example.org', password: 'WrongPass1' });
    expect(res.status).toBe(429);
    t.clock.advance(15 * MINUTE);
  });

  it('forgets earlier failures after a successful login', async () => {
    const account = await registerAccount(t);
    for (let i = 0; i < 9; i++) await t.client().post('/api/login', { username: account.email, password: 'WrongPass1' });
    expect((await t.client().post('/api/login', { username: account.email, password: account.password })).status).toBe(200);
    for (let i = 0; i < 9; i++) await t.client().post('/api/login', { username: account.email, password: 'WrongPass1' });
    expect((await t.client().post('/api/login', { username: account.email, password: account.password })).status).toBe(200);
  });
});
