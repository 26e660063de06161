// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsOfTypeTo, registerAccount, tokenMailedTo } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { renderUi } from '../../test/render';
import { appFetch, clearToasts, findToast } from '../../test/server-fetch';
import { VerifyEmailPage } from './VerifyEmailPage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.closeWhenMailed());

describe('Verify Email page', () => {
  it('posts the link’s token once: verified, with the way on to the calculator; the same link again is refused', async () => {
    const account = await registerAccount(t);
    const token = await tokenMailedTo(t, account.email, 'verify-email');
    await renderUi(<VerifyEmailPage />, { path: `/verify-email?token=${token}`, fetch: appFetch(t) });
    expect(await screen.findByRole('heading', { name: 'Email address verified' })).toBeTruthy();
    expect(screen.getByText(/Your email address has been verified\. You can now send quotes/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the calculator' }).getAttribute('href')).toBe('/');
    expect((await account.client.get('/api/user')).body.emailVerified).toBe(true);

    await renderUi(<VerifyEmailPage />, { path: `/verify-email?token=${token}`, fetch: appFetch(t) });
    expect(await screen.findByRole('heading', { name: 'Email not verified' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired verification link');
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/auth');
  });

  it('opened again by the account it verified: the refusal, and that the address is verified', async () => {
    const account = await registerAccount(t);
    const token = await tokenMailedTo(t, account.email, 'verify-email');
    expect((await t.client().post('/api/verify-email', { token })).status).toBe(200);
    await renderUi(<VerifyEmailPage />, { path: `/verify-email?token=${token}`, fetch: appFetch(t, account.client) });
    expect(await screen.findByRole('heading', { name: 'Email address already verified' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired verification link');
  });

  it('signed in and still unverified, a bad link offers a new one: mailed, with a toast', async () => {
    const account = await registerAccount(t);
    const { user } = await renderUi(<VerifyEmailPage />, { path: '/verify-email?token=expired-or-wrong', fetch: appFetch(t, account.client) });
    expect(await screen.findByRole('heading', { name: 'Email not verified' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Mail me a new link' }));
    expect((await findToast('Verification link sent')).textContent).toContain('A new verification link has been sent to your email address.');
    expect(await mailsOfTypeTo(t, account.email, 'email_verification')).toHaveLength(2);
    await clearToasts();
  });

  it('without a token says the link is invalid and posts nothing', async () => {
    const posts: string[] = [];
    const fetch = appFetch(t);
    await renderUi(<VerifyEmailPage />, {
      path: '/verify-email',
      fetch: (url, init) => {
        if ((init?.method ?? 'GET') !== 'GET') posts.push(url);
        return fetch(url, init);
      },
    });
    expect(await screen.findByRole('heading', { name: 'Email not verified' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired verification link');
    expect(posts).toEqual([]);
  });
});
