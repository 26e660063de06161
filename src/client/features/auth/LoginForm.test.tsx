// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, USER, type TestApp } from '../../../../tests/support/test-app';
import { renderUi } from '../../test/render';
import { appFetch, gatedFetch, findToast } from '../../test/server-fetch';
import { AuthPage } from './AuthPage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const toast = findToast;

describe('Login tab', () => {
  it('shows the marketing panel, the hint and the two validation messages under their fields', async () => {
    const { user } = await renderUi(<AuthPage />, { path: '/auth', fetch: appFetch(t) });
    expect(screen.getByText('Custom pricing packages')).toBeTruthy();
    expect(screen.getByText('Add-on modules')).toBeTruthy();
    expect(screen.getByText('Saved configurations')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    // the hint gives way to the same text as an error, attached to the field
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('Email Address'), 'not-an-address');
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
  });

  it('reads "Logging in..." while pending and shows the server refusal as "Login failed"', async () => {
    const gated = gatedFetch(appFetch(t));
    const { user, location } = await renderUi(<AuthPage />, { path: '/auth', fetch: gated.fetch });
    await user.type(screen.getByLabelText('Email Address'), USER!.email);
    await user.type(screen.getByLabelText('Password'), 'Wrong-password1');
    await user.keyboard('{Enter}');
    const pending = await screen.findByRole('button', { name: 'Logging in...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    gated.release();
    const t1 = await toast('Login failed');
    expect(within(t1).getByText('Invalid username or password')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/auth');
  });

  it('signs in, welcomes the user back and goes to /', async () => {
    const { user, location } = await renderUi(<AuthPage />, { path: '/auth', fetch: appFetch(t) });
    await user.type(screen.getByLabelText('Email Address'), USER!.email);
    await user.type(screen.getByLabelText('Password'), USER!.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const t1 = await toast('Login successful');
    expect(within(t1).getByText(`Welcome back ${USER!.email}`)).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
  });

  it('falls back to "Login failed. Please try again." when the server cannot be reached', async () => {
    const { user } = await renderUi(<AuthPage />, { path: '/auth', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await user.type(screen.getByLabelText('Email Address'), USER!.email);
    await user.type(screen.getByLabelText('Password'), USER!.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const t1 = await toast('Login failed');
    expect(within(t1).getByText('Login failed. Please try again.')).toBeTruthy();
  });
});
