// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, USER, type TestApp } from '../../../../tests/support/test-app';
import { renderUi } from '../../test/render';
import { appFetch, gatedFetch, mailedResetToken, clearToasts, findToast } from '../../test/server-fetch';
import { ResetPasswordPage } from './ResetPasswordPage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_RESET: '0' } });
});
afterAll(() => t.close());
afterEach(clearToasts);

const toast = findToast;

async function freshToken(): Promise<string> {
  const res = await t.client().post('/api/password-reset/request', { email: USER!.email });
  expect(res.status).toBe(200);
  return mailedResetToken(t, USER!.email);
}

describe('Reset Password page', () => {
  it('without a token: toast "Invalid reset link" and a way to ask for a new link', async () => {
    renderUi(<ResetPasswordPage />, { path: '/reset-password', fetch: appFetch(t) });
    const t1 = await toast('Invalid reset link');
    expect(within(t1).getByText('The password reset link is invalid or expired.')).toBeTruthy();
    expect(screen.getByText(/Please request a new link/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('checks the registration password rules and the confirmation', async () => {
    const token = await freshToken();
    const { user } = renderUi(<ResetPasswordPage />, { path: `/reset-password?token=${token}`, fetch: appFetch(t) });
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    await user.type(screen.getByLabelText('New Password'), 'nouppercase1');
    await user.type(screen.getByLabelText('Confirm Password'), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must contain at least one uppercase letter')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it('says at once that an unknown or used link is invalid, and offers a new one, before a password is typed', async () => {
    renderUi(<ResetPasswordPage />, { path: '/reset-password?token=not-a-real-token', fetch: appFetch(t) });
    const t1 = await toast('Invalid reset link');
    expect(within(t1).getByText('The password reset link is invalid or expired.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
    await clearToasts();

    const used = await freshToken();
    const res = await t.client().post('/api/password-reset/reset', { token: used, newPassword: 'Usedpass123' });
    expect(res.status).toBe(200);
    renderUi(<ResetPasswordPage />, { path: `/reset-password?token=${used}`, fetch: appFetch(t) });
    await toast('Invalid reset link');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('shows the server text when the link is refused after the page opened', async () => {
    const token = await freshToken();
    const { user } = renderUi(<ResetPasswordPage />, { path: `/reset-password?token=${token}`, fetch: appFetch(t) });
    await user.type(await screen.findByLabelText('New Password'), 'Newpass123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Newpass123');
    // meanwhile the link was used in another tab
    expect((await t.client().post('/api/password-reset/reset', { token, newPassword: 'Othertab123' })).status).toBe(200);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const t1 = await toast('Password reset failed');
    expect(within(t1).getByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
  });

  it('reads "Resetting Password..." while pending, then shows the success panel and goes to /auth after 3 s', async () => {
    const token = await freshToken();
    const gated = gatedFetch(appFetch(t));
    const { user, location } = renderUi(<ResetPasswordPage />, { path: `/reset-password?token=${token}`, fetch: gated.fetch });
    await user.type(await screen.findByLabelText('New Password'), 'Newpass123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Newpass123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const pending = await screen.findByRole('button', { name: 'Resetting Password...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    gated.release();
    await toast('Password reset successful');
    expect(await screen.findByRole('heading', { name: 'Password reset successful' })).toBeTruthy();
    const shownAt = Date.now();
    expect(location.history?.at(-1)).toContain('/reset-password');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth'), { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2500);
    // the new password works, the old one no longer does
    await expect(t.login(USER!.email, 'Newpass123')).resolves.toBeTruthy();
    await expect(t.login(USER!.email, USER!.password)).rejects.toThrow(/401/);
  });
});
