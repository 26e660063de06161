import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { registration } from '../support/accounts';
import { createTestApp, USER, type TestApp } from '../support/test-app';
import { addUser } from '../support/configurations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = () => t.db.select().from(users).all().length;

describe('POST /api/register', () => {
  it('creates the account, answers 201 with the user and signs it in', async () => {
    const client = t.client();
    const body = registration({ firstname: '  Jo ', companyName: ' Acme BV ' });
    const res = await client.post('/api/register', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: body.email,
      email: body.email,
      firstname: 'Jo',
      lastname: 'Li',
      companyName: 'Acme BV',
      isAdmin: false,
    });
    expect(typeof res.body.id).toBe('number');
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.headers.get('set-cookie')).toMatch(/^session=[a-z2-7]{32};/);

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(body.email);
    expect((await client.get('/api/auth/check')).body).toEqual({ authenticated: true, isAdmin: false, registration: 'open' });
  });

  it('lets the new account log in with its password', async () => {
    const body = registration();
    await t.client().post('/api/register', body);
    const res = await t.client().post('/api/login', { username: body.email.toUpperCase(), password: body.password });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(body.email);
  });

  it('ignores isAdmin in the body: nobody registers as admin', async () => {
    const res = await t.client().post('/api/register', registration({ isAdmin: true }));
    expect(res.status).toBe(201);
    expect(res.body.isAdmin).toBe(false);
  });

  it('accepts the same address typed in another case as the confirmation', async () => {
    const body = registration();
    const res = await t.client().post('/api/register', { ...body, username: body.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe(body.email);
  });

  const failures: [string, Record<string, unknown>, string][] = [
    ['username not an email', { username: 'not-an-email' }, 'Must be a valid email address'],
    ['email not an email', { email: 'nope@', username: 'nope@' }, 'Must be a valid email address'],
    ['email missing', { email: undefined }, 'Must be a valid email address'],
    ['addresses differ', { username: 'a@example.org', email: 'b@example.org' }, 'Email addresses must match'],
    ['first name of 1 character', { firstname: 'J' }, 'First name is required'],
    ['first name of spaces', { firstname: '    ' }, 'First name is required'],
    ['last name missing', { lastname: undefined }, 'Last name is required'],
    ['last name of 1 character', { lastname: 'L' }, 'Last name is required'],
    ['company name of 1 character', { companyName: 'A' }, 'Company name is required'],
    ['password of 7 characters', { password: 'Secret1' }, 'Password must be at least 8 characters long'],
    ['password missing', { password: undefined }, 'Password must be at least 8 characters long'],
    ['password without uppercase', { password: 'secret123' }, 'Password must contain at least one uppercase letter'],
    ['password without lowercase', { password: 'SECRET123' }, 'Password must contain at least one lowercase letter'],
    ['password without a number', { password: 'SecretSecret' }, 'Password must contain at least one number'],
    ['first name over 100 characters', { firstname: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
    [
      'address over 254 characters',
      { username: `${'a'.repeat(250)}@example.org`, email: `${'a'.repeat(250)}@example.org` },
      'Email address must be at most 254 characters',
    ],
  ];
  it.each(failures)('refuses %s with 400 "%s"', async (_name, overrides, message) => {
    const before = userCount();
    const res = await t.client().post('/api/register', registration(overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.error).toBe(message);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(userCount()).toBe(before);
  });

  it('refuses an address that already has an account, whatever its case, with 409', async () => {
    const before = userCount();
    const email = USER.email.toUpperCase();
    const res = await t.client().post('/api/register', registration({ username: email, email }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists');
    expect(userCount()).toBe(before);
  });

  it('refuses an address that another account uses as its username with 409', async () => {
    // Such a username cannot be made through the app (an address username must be the account's own); older data may
    // still hold one, and registration must not create a second account answering to that login name.
    addUser(t, 'owner@example.net', { username: 'taken@example.net' });
    const res = await t.client().post('/api/register', registration({ username: 'Taken@example.net', email: 'taken@example.net' }));
    expect(res.status).toBe(409);
  });

  it('answers 400 for a body that is not JSON, never 500', async () => {
    const res = await t.client().post('/api/register', '{not json');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
  });

  it('stores the password only as an argon2id hash', async () => {
    const body = registration();
    await t.client().post('/api/register', body);
    const row = t.db.select().from(users).where(eq(users.email, body.email)).get();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(body.password);
  });

  it('works through tRPC as auth.register', async () => {
    const body = registration();
    const user = await t.callerAs(null).auth.register(body);
    expect(user.email).toBe(body.email);
  });
});
