// Accounts in the browser: register → calculator → Send explains the unverified address and mails the link again →
// the verification link from the outbox → log out → a wrong and a right login → a profile change that survives a
// reload → forgot password → the link from the outbox mail → new password → log in with it. With REGISTRATION=closed
// the Register tab says so.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsSettled, linkFromOutbox, serverAndBrowser, watchCalls } from './harness';
import { closeToast, DESKTOP, openSavedQuote, screenshotBoth } from './screens';

const EMAIL = 'nina.jansen@example.com';
const PASSWORD = 'Welcome123';
const NEW_PASSWORD = 'Brandnew456';

async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

async function login(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/auth`);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('accounts in the browser', () => {
  const e2e = serverAndBrowser({ RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' });
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    page = await e2e.browser.newPage({ viewport: DESKTOP });
    watchCalls(page);
    watchCalls(page);
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await page?.close();
  });

  it('registers (a wrong confirm email is refused first) and lands on the calculator', async () => {
    await page.goto(`${e2e.server.url}/auth`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await expect(page.getByText('Custom pricing packages').isVisible()).resolves.toBe(true);
    await screenshotBoth(page, 'auth-login');

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await screenshotBoth(page, 'auth-login-errors');

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email Address').fill(EMAIL);
    await page.getByLabel('Confirm Email').fill('nina.jansen@example.org');
    await page.getByLabel('First Name').fill('Nina');
    await page.getByLabel('Last Name').fill('Jansen');
    await page.getByLabel('Company Name').fill('Jansen Workplace BV');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Email addresses must match').waitFor();
    await screenshotBoth(page, 'auth-register-errors');

    await page.getByLabel('Confirm Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    expect(await toastText(page, 'Registration successful')).toContain(`Welcome ${EMAIL}`);
    await page.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();
  });

  it('cannot send before verifying: Send says why and mails the link again; the link from the outbox verifies', async () => {
    const packages = (await (await page.request.get(`${e2e.server.url}/api/packages`)).json()) as { id: number; name: string }[];
    const saved = await page.request.post(`${e2e.server.url}/api/configurations`, {
      data: { name: 'First quote', packageId: packages[0]!.id, squareMeters: 400, customerCompany: 'Contoso Ltd', customerEmail: 'ada@contoso.test' },
    });
    expect(saved.status()).toBe(201);
    const quote = (await saved.json()) as { id: number; number: string };
    await openSavedQuote(page, e2e.server.url, quote.id);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Send ${quote.number}` });
    const notice = dialog.getByTestId('send-unverified');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Please verify your email address before sending quotes');
    expect(await dialog.getByRole('button', { name: 'Send quote' }).isDisabled()).toBe(true);
    await expect.poll(() => dialog.getByTestId('send-preview').textContent()).toContain(quote.number);
    await screenshotBoth(page, 'send-dialog-unverified');
    await notice.getByRole('button', { name: 'Mail the link again' }).click();
    expect(await toastText(page, 'Verification link sent')).toContain('A new verification link has been sent to your email address.');
    await closeToast(page, 'Verification link sent');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const link = await linkFromOutbox(e2e.server.dir, EMAIL, 'verify-email');
    expect(link.startsWith(`${e2e.server.url}/verify-email?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email address verified' }).waitFor();
    await screenshotBoth(page, 'verify-email-done');
    await page.getByRole('link', { name: 'Go to the calculator' }).click();
    await page.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();

    await openSavedQuote(page, e2e.server.url, quote.id);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByTestId('send-preview').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Send quote' }).isEnabled()).toBe(true);
    expect(await dialog.getByTestId('send-unverified').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();
  });

  it('shows the user menu with the initials and role, and logs out to /auth', async () => {
    const trigger = page.getByRole('button', { name: new RegExp(`^Account menu ${EMAIL}`) });
    await expect(trigger.textContent()).resolves.toContain('NI');
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).waitFor();
    await expect(page.getByRole('menu').textContent()).resolves.toContain('User');
    await screenshotBoth(page, 'header-user-menu');
    await callsSettled(page);
    const afterLogout: string[] = [];
    const note = (r: { url(): string }) => afterLogout.push(new URL(r.url()).pathname);
    page.on('request', note);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${e2e.server.url}/auth`);
    await toastText(page, 'Logged out successfully');
    await callsSettled(page);
    page.off('request', note);
    // the signed-out page asks nothing of the previous user's (their quotes, the catalogue): no 401 in the console
    expect(afterLogout.filter((p) => p.startsWith('/trpc/')).join(' ')).not.toMatch(/catalog|configurations|auth\.me/);
    // signed out for real: the calculator sends us back
    await page.goto(`${e2e.server.url}/`);
    await page.waitForURL(`${e2e.server.url}/auth`);
  });

  it('refuses a wrong password with "Login failed" and signs in with the right one', async () => {
    await login(page, e2e.server.url, EMAIL, 'Wrong-password1');
    expect(await toastText(page, 'Login failed')).toContain('Invalid username or password');
    expect(page.url()).toBe(`${e2e.server.url}/auth`);
    await login(page, e2e.server.url, EMAIL, PASSWORD);
    await page.waitForURL(`${e2e.server.url}/`);
    expect(await toastText(page, 'Login successful')).toContain(`Welcome back ${EMAIL}`);
  });

  it('saves a profile change that survives a reload', async () => {
    // what signing in asked for has arrived: a late answer re-renders the header under the click
    await callsSettled(page);
    await page.getByRole('button', { name: new RegExp(`^Account menu ${EMAIL}`) }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile Settings' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe(EMAIL);
    await expect(dialog.getByLabel('Email').isEditable()).resolves.toBe(false);
    await expect(dialog.getByText('Email cannot be changed for security reasons.').isVisible()).resolves.toBe(true);
    await screenshotBoth(page, 'profile-dialog');

    await dialog.getByLabel('First Name').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByLabel('First Name').fill('Antonia');
    await dialog.getByLabel('Company Name').fill('Jansen & Co');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastText(page, 'Profile updated');
    await dialog.waitFor({ state: 'hidden' });

    await page.reload();
    await callsSettled(page);
    await page.getByRole('button', { name: new RegExp(`^Account menu ${EMAIL}`) }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await expect(dialog.getByLabel('First Name').inputValue()).resolves.toBe('Antonia');
    await expect(dialog.getByLabel('Company Name').inputValue()).resolves.toBe('Jansen & Co');
    await dialog.getByRole('button', { name: 'Use password reset' }).click();
    expect(await toastText(page, 'Change your password')).toContain('Forgot your password?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // gone for good: a closing dialog hands focus back to the menu's button, which would close a menu opened meanwhile
    await dialog.waitFor({ state: 'detached' });
  });

  it('resets a forgotten password with the link from the outbox mail and signs in with the new one', async () => {
    // what signing in asked for has arrived: a late answer re-renders the header under the click
    await callsSettled(page);
    await page.getByRole('button', { name: new RegExp(`^Account menu ${EMAIL}`) }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${e2e.server.url}/auth`);

    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await screenshotBoth(page, 'forgot-password-dialog');
    await dialog.getByLabel('Email').fill(EMAIL);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog.getByText('Password reset email sent. Please check your inbox.').waitFor();
    await screenshotBoth(page, 'forgot-password-sent');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const link = await linkFromOutbox(e2e.server.dir, EMAIL);
    expect(link.startsWith(`${e2e.server.url}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await screenshotBoth(page, 'reset-password-errors');

    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toastText(page, 'Password reset successful');
    await page.getByText('Taking you to the login page').waitFor();
    await screenshotBoth(page, 'reset-password-success');
    await page.waitForURL(`${e2e.server.url}/auth`, { timeout: 8000 });

    await login(page, e2e.server.url, EMAIL, PASSWORD);
    await toastText(page, 'Login failed');
    await login(page, e2e.server.url, EMAIL, NEW_PASSWORD);
    await page.waitForURL(`${e2e.server.url}/`);
    await page.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();
  });

  it('asks for a new link when the reset page has no token', async () => {
    const anon = await e2e.browser.newPage({ viewport: DESKTOP });
    await anon.goto(`${e2e.server.url}/reset-password`);
    expect(await toastText(anon, 'Invalid reset link')).toContain('The password reset link is invalid or expired.');
    await anon.getByRole('link', { name: 'Request a new link' }).waitFor();
    await screenshotBoth(anon, 'reset-password-no-token');
    await anon.close();
    expect(errors).toEqual([]);
  });
});

describe('with REGISTRATION=closed', () => {
  const e2e = serverAndBrowser({ REGISTRATION: 'closed' });

  it('the Register tab says registration is closed; a bad verification link says it is invalid', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${e2e.server.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    const notice = page.getByTestId('registration-closed');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Registration is closed. Ask an administrator for an account.');
    expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    await screenshotBoth(page, 'auth-register-closed');

    await page.goto(`${e2e.server.url}/verify-email?token=not-a-real-token`);
    await page.getByRole('heading', { name: 'Email not verified' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Invalid or expired verification link');
    await screenshotBoth(page, 'verify-email-invalid');
    await page.close();
    expect(errors).toEqual([]);
  });
});
