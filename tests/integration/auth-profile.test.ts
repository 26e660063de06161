import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../support/accounts';
import { createTestApp, USER, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PATCH /api/user/profile (and /api/profile)', () => {
  it('changes username and names, answers the updated user, and ignores an email in the body', async () => {
    const account = await registerAccount(t);
    const names = { firstname: 'Johanna', lastname: 'Lindqvist', companyName: 'Acme Holding' };
    const res = await account.client.patch('/api/user/profile', { username: '  jo.li  ', ...names, email: 'hijack@example.org' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'jo.li', ...names, email: account.email });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect((await account.client.get('/api/user')).body.username).toBe('jo.li');
  });

  it('answers at /api/profile too, changing only the fields sent', async () => {
    const account = await registerAccount(t);
    const res = await account.client.patch('/api/profile', { companyName: 'X' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ companyName: 'X', firstname: 'Jo', lastname: 'Li', username: account.email });
  });

  it('keeps the renamed account able to log in with its email', async () => {
    const account = await registerAccount(t);
    // A username that looks like an address must be the account's own, so the new one is a plain name.
    const alias = `jo-${Date.now()}`;
    expect((await account.client.patch('/api/user/profile', { username: alias })).status).toBe(200);
    const login = await t.client().post('/api/login', { username: account.email, password: account.password });
    expect(login.status).toBe(200);
    expect(login.body.username).toBe(alias);
  });

  it.each([
    ['username of 2 characters', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['username of spaces', { username: '     ' }, 'Username must be at least 3 characters'],
    ['empty first name', { firstname: '' }, 'First name is required'],
    ['blank last name', { lastname: '   ' }, 'Last name is required'],
    ['empty company name', { companyName: '' }, 'Company name is required'],
    ['first name over 100 characters', { firstname: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
  ])('refuses a %s with 400 and changes nothing', async (_name, body, message) => {
    const account = await registerAccount(t);
    const res = await account.client.patch('/api/user/profile', { firstname: 'Changed', ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await account.client.get('/api/user')).body.firstname).toBe('Jo');
  });

  it('accepts one-character names (the profile form asks for at least 1)', async () => {
    const account = await registerAccount(t);
    const res = await account.client.patch('/api/user/profile', { firstname: 'J', lastname: 'L', companyName: 'A' });
    expect(res.status).toBe(200);
  });

  it.each([
    ["another account's username, in another case", () => USER.email.toUpperCase()],
    ["another account's email", () => 'admin@example.com'],
  ])('refuses %s with 409', async (_name, name) => {
    const account = await registerAccount(t);
    const res = await account.client.patch('/api/user/profile', { username: name() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This username is already taken');
    expect((await account.client.get('/api/user')).body.username).toBe(account.email);
  });

  it('lets an account keep its own username in another case', async () => {
    const account = await registerAccount(t);
    const res = await account.client.patch('/api/user/profile', { username: account.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(account.email.toUpperCase());
  });

  it('answers 401 when signed out', async () => {
    const res = await t.client().patch('/api/user/profile', { firstname: 'Anon' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Not authenticated');
  });

  it('works through tRPC as auth.updateProfile', async () => {
    const user = await t.callerAs(USER.email).auth.updateProfile({ lastname: 'Seller' });
    expect(user.lastname).toBe('Seller');
  });
});
