// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, USER, type TestApp } from '../../../../tests/support/test-app';
import { renderUi } from '../../test/render';
import { appFetch, gatedFetch, mailedResetToken, clearToasts, findToast } from '../../test/server-fetch';
import { REDIRECT_AFTER_RESET_MS, ResetPasswordPage } from './ResetPasswordPage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_RESET: '0' } });
});
afterAll(() => t.close());

const toast = findToast;

async function freshToken(): Promise<string> {
  const res = await t.client().post('/api/password-reset/request', { email: USER!.email });
  expect(res.status).toBe(200);
  return mailedResetToken(t, USER!.email);
}

describe('Reset Password page', () => {
  it('without a token: toast "Invalid reset link" and a way to ask for a new link', async () => {
    await renderUi(<ResetPasswordPage />, { path: '/reset-password', fetch: appFetch(t) });
    const t1 = await toast('Invalid reset link');
    expect(within(t1).getByText('The password reset link is invalid or expired.')).toBeTruthy();
    expect(screen.getByText(/Please request a new link/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('checks the registration password rules and the confirmation', async () => {
    const token = await freshToken();
    const { user } = await renderUi(<ResetPasswordPage />, { path: `/reset-password?token=${token}`, fetch: appFetch(t) });
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    await user.type(screen.getByLabelText('New Password'), 'nouppercase1');
    await user.type(screen.getByLabelText('Confirm Password'), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must contain at least one uppercase letter')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it('says at once that an unknown or used link is invalid, and offers a new one, before a password is typed', async () => {
    await renderUi(<ResetPasswordPage />, { path: '/reset-password?token=not-a-real-token', fetch: appFetch(t) });
    const t1 = await toast('Invalid reset link');
    expect(within(t1).getByText('The password reset link is invalid or expired.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
    await clearToasts();

    const used = await freshToken();
    const res = await t.client().post('/api/password-reset/reset', { token: used, newPassword: 'Usedpass123' });
    expect(res.status).toBe(200);
    await renderUi(<ResetPasswordPage />, { path: `/reset-password?token=${used}`, fetch: appFetch(t) });
    await toast('Invalid reset link');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('shows the server text when the link is refused after the page opened', async () => {
    const token = await freshToken();
    const { user } = await renderUi(<ResetPasswordPage />, { path: `/reset-password?token=${token}`, fetch: appFetch(t) });
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
    // When the server answered the reset: the redirect's timer starts after this, once the answer is on the page.
    let answeredAt = Number.NaN;
    const fetch = async (url: string, init?: RequestInit) => {
      const res = await gated.fetch(url, init);
      if (url.includes('auth.resetPassword')) answeredAt = Date.now();
      return res;
    };
    const { user, location } = await renderUi(<ResetPasswordPage />, { path: `/reset-password?token=${token}`, fetch });
    await user.type(await screen.findByLabelText('New Password'), 'Newpass123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Newpass123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const pending = await screen.findByRole('button', { name: 'Resetting Password...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    // The 3 s pass on a fake clock, moved by hand; it also follows real time meanwhile, so that the page's other timers
    // (the query client's, the toasts') run as they would.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      gated.release();
      expect(await screen.findByRole('heading', { name: 'Password reset successful' })).toBeTruthy();
      const shownAt = Date.now();
      await toast('Password reset successful');
      expect(location.history?.at(-1)).toContain('/reset-password');
      // The timer started between the answer and the panel: 1 ms short of 3 s after the answer the page is still here,
      const early = answeredAt + REDIRECT_AFTER_RESET_MS - 1 - Date.now();
      expect(early, 'the panel showed within 3 s of the answer').toBeGreaterThanOrEqual(0);
      act(() => vi.advanceTimersByTime(early));
      expect(location.history?.at(-1)).toContain('/reset-password');
      expect(screen.getByRole('heading', { name: 'Password reset successful' })).toBeTruthy();
      // and 3 s after the panel showed it is on /auth.
      act(() => vi.advanceTimersByTime(shownAt + REDIRECT_AFTER_RESET_MS - Date.now()));
      expect(location.history?.at(-1)).toBe('/auth');
    } finally {
      vi.useRealTimers();
    }
    // the new password works, the old one no longer does
    await expect(t.login(USER!.email, 'Newpass123')).resolves.toBeTruthy();
    await expect(t.login(USER!.email, USER!.password)).rejects.toThrow(/401/);
  });
});
