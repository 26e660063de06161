// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, USER, type TestApp } from '../../../../../tests/support/test-app';
import { renderUi } from '../../../test/render';
import { ResetLinkDialog } from './ResetLinkDialog';
import type { AdminUser } from './UserFormDialog';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.login(ADMIN.email, ADMIN.password)).cookie!;
});
afterAll(() => t.close());

const fetchAsAdmin = async (url: string, init?: RequestInit) =>
  t.app.request(url, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), cookie } });

const user = (id: number, username: string): AdminUser => ({
  id,
  username,
  email: username,
  firstname: '',
  lastname: '',
  companyName: '',
  isAdmin: false,
  createdAt: new Date().toISOString(),
  lastLogin: null,
  emailVerified: true,
});

describe('Password Reset Link dialog', () => {
  it('shows the link for the user and when it expires', async () => {
    const demo = (await t.callerAs(ADMIN.email).admin.users.list()).find((u) => u.email === USER.email)!;
    await renderUi(<ResetLinkDialog user={demo} onClose={() => {}} />, { fetch: fetchAsAdmin });
    const input = await screen.findByLabelText<HTMLInputElement>('Reset link');
    expect(input.value).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=\S{20,}$/);
    expect(input.readOnly).toBe(true);
    expect(screen.getByText(/^Expires \d{1,2} \w{3} \d{4}, \d\d:\d\d CES?T\. It works once\.$/)).toBeTruthy();
    await screen.findByText('Reset link generated');
  });

  it('a failure is said inline with Retry, and as a toast with the server message', async () => {
    let calls = 0;
    const counting = async (url: string, init?: RequestInit) => {
      if (url.includes('admin.users.resetLink')) calls++;
      return fetchAsAdmin(url, init);
    };
    const { user: ui } = await renderUi(<ResetLinkDialog user={user(99_999, 'ghost@example.com')} onClose={() => {}} />, { fetch: counting });
    await screen.findByText('Failed to generate reset link. Please try again.');
    await screen.findByText('Failed to generate reset link: User not found');
    expect(calls).toBe(1);
    await ui.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls).toBe(2));
    await screen.findByText('Failed to generate reset link. Please try again.');
    expect(screen.queryByLabelText('Reset link')).toBeNull();
  });
});
