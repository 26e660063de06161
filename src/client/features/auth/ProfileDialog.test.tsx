// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, USER, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { renderUi } from '../../test/render';
import { appFetch, gatedFetch, findToast } from '../../test/server-fetch';
import { UserMenu } from './UserMenu';

let t: TestApp;
let demo: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login(USER!.email, USER!.password);
});
afterAll(() => t.close());

const toast = findToast;

async function openProfile(fetch = appFetch(t, demo)) {
  const r = await renderUi(<UserMenu />, { path: '/', fetch });
  await r.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  await r.user.click(await screen.findByRole('menuitem', { name: 'Profile Settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Profile Settings' });
  return { ...r, dialog };
}

describe('User menu', () => {
  it('shows the initials, the username and the role', async () => {
    const { user } = await renderUi(<UserMenu />, { path: '/', fetch: appFetch(t, demo) });
    const trigger = await screen.findByRole('button', { name: /^Account menu/ });
    expect(within(trigger).getByText('DE')).toBeTruthy();
    expect(within(trigger).getByText('User')).toBeTruthy();
    await user.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });

  it('shows nothing when signed out', async () => {
    const { container, queryClient } = await renderUi(<UserMenu />, { path: '/', fetch: appFetch(t) });
    // the session check has answered "not signed in"
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll()[0]?.state.data).toEqual({ authenticated: false, isAdmin: false, registration: 'open' }),
    );
    expect(container.textContent).toBe('');
  });

  it('logs out: toast, session ended on the server, and /auth', async () => {
    const client = await t.login(USER!.email, USER!.password);
    const { user, location } = await renderUi(<UserMenu />, { path: '/', fetch: appFetch(t, client) });
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await toast('Logged out successfully');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth'));
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('Profile Settings dialog', () => {
  it('shows the read-only email with its note and the fields of the user', async () => {
    const { dialog } = await openProfile();
    const email = within(dialog).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe(USER!.email);
    expect(email.readOnly).toBe(true);
    expect(within(dialog).getByText('Email cannot be changed for security reasons.')).toBeTruthy();
    expect((within(dialog).getByLabelText('First Name') as HTMLInputElement).value).toBe('Sam');
    expect((within(dialog).getByLabelText('Company Name') as HTMLInputElement).value).toBe('Quote Demo BV');
  });

  it('shows each field message', async () => {
    const { user, dialog } = await openProfile();
    const q = within(dialog);
    await user.clear(q.getByLabelText('Username'));
    await user.type(q.getByLabelText('Username'), 'ab');
    await user.clear(q.getByLabelText('First Name'));
    await user.clear(q.getByLabelText('Last Name'));
    await user.clear(q.getByLabelText('Company Name'));
    await user.click(q.getByRole('button', { name: 'Save Changes' }));
    expect(await q.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(q.getByText('First name is required')).toBeTruthy();
    expect(q.getByText('Last name is required')).toBeTruthy();
    expect(q.getByText('Company name is required')).toBeTruthy();
  });

  it('points to the Forgot Password option for a password change', async () => {
    const { user, dialog } = await openProfile();
    await user.click(within(dialog).getByRole('button', { name: 'Use password reset' }));
    const t1 = await toast('Change your password');
    expect(t1.textContent).toContain('"Forgot your password?" option on the login screen');
  });

  it('shows the server refusal as "Error updating profile"', async () => {
    const { user, dialog } = await openProfile();
    const q = within(dialog);
    await user.clear(q.getByLabelText('Username'));
    await user.type(q.getByLabelText('Username'), 'admin@example.com');
    await user.click(q.getByRole('button', { name: 'Save Changes' }));
    const t1 = await toast('Error updating profile');
    const expected = (await demo.patch('/api/user/profile', { username: 'admin@example.com' })).body.message;
    expect(expected).toBeTruthy();
    expect(within(t1).getByText(expected)).toBeTruthy();
    // the toast is raised from the mutation's error callback, a render before the form leaves its saving state
    expect(await q.findByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });
  it('reads "Saving..." while pending, then "Profile updated", refetches the user and stores the change', async () => {
    const gated = gatedFetch(appFetch(t, demo));
    const { user, dialog } = await openProfile(gated.fetch);
    const q = within(dialog);
    await user.clear(q.getByLabelText('First Name'));
    await user.type(q.getByLabelText('First Name'), 'Samira');
    await user.clear(q.getByLabelText('Username'));
    await user.type(q.getByLabelText('Username'), 'samira');
    await user.click(q.getByRole('button', { name: 'Save Changes' }));
    const pending = await q.findByRole('button', { name: 'Saving...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    gated.release();
    await toast('Profile updated');
    // the dialog closes and the menu shows the refetched user
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile Settings' })).toBeNull());
    expect(await screen.findByText('samira')).toBeTruthy();
    expect(screen.getByText('SA')).toBeTruthy();
    const me = await demo.get('/api/user');
    expect(me.body).toMatchObject({ username: 'samira', firstname: 'Samira', lastname: 'Sales', email: USER!.email });
  });
});
