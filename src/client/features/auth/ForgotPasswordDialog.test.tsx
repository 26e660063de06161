// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, USER, type TestApp } from '../../../../tests/support/test-app';
import { renderUi } from '../../test/render';
import { appFetch, gatedFetch, mailedResetToken } from '../../test/server-fetch';
import { AuthPage } from './AuthPage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_RESET: '0' } });
});
afterAll(() => t.close());

async function openDialog(fetch: (url: string, init?: RequestInit) => Promise<Response>) {
  const r = await renderUi(<AuthPage />, { path: '/auth', fetch });
  await r.user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
  return { ...r, dialog };
}

describe('Forgot-password dialog', () => {
  it('asks for a valid email address', async () => {
    const { user, dialog } = await openDialog(appFetch(t));
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Email'), 'nobody@');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
  });

  it('reads "Sending..." while pending, then confirms, and the mail carries a reset link', async () => {
    const gated = gatedFetch(appFetch(t));
    const { user, dialog } = await openDialog(gated.fetch);
    await user.type(within(dialog).getByLabelText('Email'), USER!.email);
    await user.keyboard('{Enter}');
    const pending = await within(dialog).findByRole('button', { name: 'Sending...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    gated.release();
    expect(await within(dialog).findByText('Password reset email sent. Please check your inbox.')).toBeTruthy();
    expect(await mailedResetToken(t, USER!.email)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('shows the fallback text when the request cannot be made', async () => {
    const { user, dialog } = await openDialog(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.type(within(dialog).getByLabelText('Email'), USER!.email);
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('An error occurred while processing your request')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
  });

  it('closes with Cancel', async () => {
    const { user, dialog } = await openDialog(appFetch(t));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
