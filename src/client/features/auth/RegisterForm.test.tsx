// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, USER, type TestApp } from '../../../../tests/support/test-app';
import { renderUi } from '../../test/render';
import { appFetch, gatedFetch, findToast } from '../../test/server-fetch';
import { AuthPage } from './AuthPage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_REGISTER: '0' } });
});
afterAll(() => t.close());

const toast = findToast;

async function openRegister(fetch: (url: string, init?: RequestInit) => Promise<Response>) {
  const r = await renderUi(<AuthPage />, { path: '/auth', fetch });
  await r.user.click(screen.getByRole('tab', { name: 'Register' }));
  await screen.findByRole('button', { name: 'Create Account' });
  return r;
}

type Fields = Partial<
  Record<'Email Address' | 'Confirm Email' | 'First Name' | 'Last Name' | 'Company Name' | 'Password' | 'Confirm Password', string>
>;

async function fill(user: Awaited<ReturnType<typeof renderUi>>['user'], fields: Fields) {
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) {
      await user.click(input);
      await user.paste(value);
    }
  }
}

const valid = (email: string): Fields => ({
  'Email Address': email,
  'Confirm Email': email,
  'First Name': 'Nina',
  'Last Name': 'Jansen',
  'Company Name': 'Jansen BV',
  Password: 'Welcome123',
  'Confirm Password': 'Welcome123',
});

describe('Register tab', () => {
  it('shows the password hint and every field message of an empty form', async () => {
    const { user } = await openRegister(appFetch(t));
    expect(screen.getByText('At least 8 characters, with uppercase and lowercase letters and numbers')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findAllByText('Must be a valid email address')).toHaveLength(2);
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Company name is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
  });

  it('says "Email addresses must match" under Confirm Email and "Passwords do not match" under Confirm Password', async () => {
    const { user } = await openRegister(appFetch(t));
    await fill(user, { ...valid('nina@example.org'), 'Confirm Email': 'nina@example.com', 'Confirm Password': 'Welcome124' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const emailError = await screen.findByText('Email addresses must match');
    expect(emailError.closest('[role="group"], .chakra-field__root')?.textContent).toContain('Confirm Email');
    const pwError = screen.getByText('Passwords do not match');
    expect(pwError.closest('.chakra-field__root')?.textContent).toContain('Confirm Password');
    expect(screen.getByLabelText('Confirm Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email Address').getAttribute('aria-invalid')).toBeNull();
  });

  it('names the missing character class of a weak password', async () => {
    const { user } = await openRegister(appFetch(t));
    await fill(user, { ...valid('weak@example.org'), Password: 'welcome123', 'Confirm Password': 'welcome123' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must contain at least one uppercase letter')).toBeTruthy();
    await fill(user, { Password: 'WELCOME123', 'Confirm Password': 'WELCOME123' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must contain at least one lowercase letter')).toBeTruthy();
    await fill(user, { Password: 'WelcomeABC', 'Confirm Password': 'WelcomeABC' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must contain at least one number')).toBeTruthy();
  });

  it('shows the server refusal of a taken address as "Registration failed"', async () => {
    const { user } = await openRegister(appFetch(t));
    await fill(user, valid(USER!.email));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const t1 = await toast('Registration failed');
    expect(within(t1).getByText('An account with this email already exists')).toBeTruthy();
  });

  it('reads "Creating account..." while pending, then welcomes the new user and goes to /', async () => {
    const gated = gatedFetch(appFetch(t));
    const { user, location } = await openRegister(gated.fetch);
    await fill(user, valid('new.person@example.org'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const pending = await screen.findByRole('button', { name: 'Creating account...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    gated.release();
    const t1 = await toast('Registration successful');
    expect(within(t1).getByText('Welcome new.person@example.org')).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    // the account exists and its password works
    await expect(t.login('new.person@example.org', 'Welcome123')).resolves.toBeTruthy();
  });
});

describe('Register tab with REGISTRATION=closed', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp({ env: { REGISTRATION: 'closed' } });
  });
  afterAll(() => closed.close());

  it('says registration is closed instead of the form, and leads back to Login', async () => {
    const { user } = await renderUi(<AuthPage />, { path: '/auth', fetch: appFetch(closed) });
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const notice = await screen.findByTestId('registration-closed');
    expect(notice.textContent).toContain('Registration is closed. Ask an administrator for an account.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accounts by invitation');
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    // the Login tab's fields leave once its panel has unmounted
    await waitFor(() => expect(screen.queryByLabelText('Email Address')).toBeNull());
    await user.click(within(notice).getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
  });
});
