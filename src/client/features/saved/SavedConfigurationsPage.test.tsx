// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, USER, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { demoIds } from '../../../../tests/support/configurations';
import { renderUi } from '../../test/render';
import { appFetch } from '../../test/server-fetch';
import { SavedConfigurationsPage } from './SavedConfigurationsPage';

let t: TestApp;
let demo: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login(USER!.email, USER!.password);
  const ids = demoIds(t);
  // Entry 99.00 + units × 3.00 (500–999 tier), 12 months monthly + setup 499.00
  const save = (name: string, pkg: string, squareMeters: number, contractDuration: number) =>
    demo.post('/api/configurations', {
      name,
      packageId: ids.pkg(pkg),
      squareMeters,
      contractDuration,
      paymentFrequency: 'monthly',
      pricingModel: 'sqm',
    });
  for (const [name, pkg, sqm, months] of [
    ['Corner shop', 'Entry', 500, 12],
    ['Head office', 'Ultimate', 5000, 36],
    ['Branch', 'Advanced', 1500, 24],
  ] as const) {
    expect((await save(name, pkg, sqm, months)).status).toBe(201);
  }
});
afterAll(() => t.close());

const rowNames = () => screen.getAllByTestId('saved-row').map((r) => within(r).getAllByRole('cell')[2]!.textContent);

describe('Your Saved Configurations', () => {
  it('asks a signed-out visitor to sign in', async () => {
    await renderUi(<SavedConfigurationsPage />, { path: '/saved-configurations', fetch: appFetch(t) });
    expect(await screen.findByText('Please sign in')).toBeTruthy();
    expect(screen.getByText('You need to sign in to view your saved configurations')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
  });

  it('shows the empty state to a user without saved configurations', async () => {
    const admin = await t.login(ADMIN!.email, ADMIN!.password);
    await renderUi(<SavedConfigurationsPage />, { path: '/saved-configurations', fetch: appFetch(t, admin) });
    expect(await screen.findByText('No saved configurations')).toBeTruthy();
    expect(screen.getByText("You haven't saved any pricing configurations yet")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a configuration' }).getAttribute('href')).toBe('/');
  });

  it('lists the rows newest first with package, contract, TCV, creator and actions', async () => {
    await renderUi(<SavedConfigurationsPage />, { path: '/saved-configurations', fetch: appFetch(t, demo) });
    expect(await screen.findByRole('heading', { name: 'Your Saved Configurations' })).toBeTruthy();
    await screen.findAllByTestId('saved-row');
    expect(rowNames()).toEqual(['Branch', 'Head office', 'Corner shop']);
    const corner = screen.getAllByTestId('saved-row')[2]!;
    const cells = within(corner)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // 1599.00 × 12 + 499.00 = 19,687.00
    expect(cells.slice(3, 8)).toEqual(['Entry', '1', '12 months', '€19,687.00', 'Sam Sales']);
    expect(cells[0]).toMatch(/^Q-\d{6}DraftValid until \d{1,2} \w{3} \d{4}$/);
    const load = within(corner).getByRole('link', { name: 'Load Corner shop' });
    expect(load.getAttribute('href')).toMatch(/^\/calculator\?configId=\d+$/);
    const pdf = within(corner).getByRole('link', { name: 'Download PDF of Corner shop' });
    expect(pdf.getAttribute('href')).toMatch(/^\/api\/configurations\/\d+\/pdf$/);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Creation Date/ }).getAttribute('aria-sort')).toBe('descending');
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sorts on the server: a new column ascending, the same column toggles', async () => {
    const { user } = await renderUi(<SavedConfigurationsPage />, { path: '/saved-configurations', fetch: appFetch(t, demo) });
    await screen.findAllByTestId('saved-row');
    await user.click(screen.getByRole('button', { name: /^TCV/ }));
    await waitFor(() => expect(rowNames()).toEqual(['Corner shop', 'Branch', 'Head office']));
    expect(screen.getByRole('columnheader', { name: /TCV/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Creation Date/ }).getAttribute('aria-sort')).toBe('none');
    await user.click(screen.getByRole('button', { name: /^TCV/ }));
    await waitFor(() => expect(rowNames()).toEqual(['Head office', 'Branch', 'Corner shop']));
    expect(screen.getByRole('columnheader', { name: /TCV/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: /^Package/ }));
    await waitFor(() => expect(rowNames()).toEqual(['Branch', 'Corner shop', 'Head office']));
  });

  it('deletes after confirmation and says "Configuration deleted"', async () => {
    const { user } = await renderUi(<SavedConfigurationsPage />, { path: '/saved-configurations', fetch: appFetch(t, demo) });
    await screen.findAllByTestId('saved-row');
    // the table (the phone's cards carry the same actions; jsdom applies no media queries, so both are there)
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Delete Branch' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/This action cannot be undone/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Configuration deleted')).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Head office', 'Corner shop']));
    expect((await demo.get('/api/configurations')).body.map((c: { name: string }) => c.name)).not.toContain('Branch');
  });
});
