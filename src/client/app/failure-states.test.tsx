// @vitest-environment jsdom
// The app's failure states, failed at the network level (msw): the real app answers every call unless a test makes
// some of them fail, so what is proven is what a user sees when the network or the server lets them down.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, USER, type TestApp, type TestClient } from '../../../tests/support/test-app';
import { renderUi } from '../test/render';
import { findToast } from '../test/server-fetch';
import { App } from './App';

const TRPC = 'http://localhost:3000/trpc/*';
let t: TestApp;
let demo: TestClient;

/** How a call to these procedures fails: no answer at all, or a gateway's HTML page. */
type Failure = 'offline' | 'badGateway';
let failing: { match: (procedures: string) => boolean; how: Failure } | null = null;
let calls: string[] = [];

const procedures = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/trpc\//, ''));

const server = setupServer(
  http.all(TRPC, async ({ request }) => {
    const names = procedures(request.url);
    calls.push(names);
    if (failing?.match(names)) {
      return failing.how === 'offline' ? HttpResponse.error() : new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502 });
    }
    const headers = Object.fromEntries(request.headers);
    if (demo.cookie) headers.cookie = demo.cookie;
    const body = request.method === 'GET' ? undefined : await request.text();
    return t.app.request(request.url, { method: request.method, headers, body });
  }),
);

beforeAll(async () => {
  t = await createTestApp();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
  t.close();
});
afterEach(() => {
  failing = null;
  calls = [];
  server.resetHandlers();
});

const renderApp = (path: string) => renderUi(<App />, { path, fetch: (url, init) => fetch(url, init) });

async function signIn() {
  demo = await t.login(USER!.email, USER!.password);
}

describe('an outage is not a sign-out', () => {
  it('every /trpc call failing: the page says the session could not be checked, stays put, and Retry recovers', async () => {
    await signIn();
    failing = { match: () => true, how: 'offline' };
    const { user, location } = await renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not check your session')).toBeTruthy();
    expect(within(alert).getByText('The server could not be reached. Check your connection and try again.')).toBeTruthy();
    expect(location.history).not.toContain('/auth');

    failing = null;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Pricing Calculator' })).toBeTruthy();
    expect(location.history).not.toContain('/auth');
  });

  it('the catalogue failing: "Error Loading Data" with a Retry that works, and the header keeps the user menu', async () => {
    await signIn();
    failing = { match: (p) => p.includes('catalog.all'), how: 'badGateway' };
    const { user } = await renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error Loading Data')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Account menu/ })).toBeTruthy();

    failing = null;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Configure Your Package' })).toBeTruthy();
    expect(screen.queryByText('Error Loading Data')).toBeNull();
  });

  it('the saved list failing: what failed and a Retry that loads it', async () => {
    await signIn();
    failing = { match: (p) => p.includes('configurations.list'), how: 'offline' };
    const { user } = await renderApp('/saved-configurations');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load your saved configurations')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Account menu/ })).toBeTruthy();

    failing = null;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await screen.findByText('No saved configurations')).toBeTruthy();
  });

  it('a 401 signs out: a session that ended on the server sends the user to /auth at the next call', async () => {
    await signIn();
    const { user, location } = await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Configure Your Package' })).toBeTruthy();
    // the session ends elsewhere (another tab logs out)
    const other = t.client();
    other.cookie = demo.cookie;
    await other.post('/api/logout');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Your Configuration' });
    await user.type(within(dialog).getByLabelText('Configuration Name'), 'After logout');
    await user.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/auth'));
  });
});

describe('a refused save says why', () => {
  it("shows the server's message under the name field and in the toast", async () => {
    await signIn();
    server.use(
      http.post('http://localhost:3000/trpc/configurations.create', () =>
        HttpResponse.json(
          [
            {
              error: {
                message: 'Configuration name must be at most 200 characters',
                code: -32600,
                data: {
                  code: 'BAD_REQUEST',
                  httpStatus: 400,
                  path: 'configurations.create',
                  issues: [{ path: 'name', message: 'Configuration name must be at most 200 characters' }],
                },
              },
            },
          ],
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Configure Your Package' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Your Configuration' });
    const name = within(dialog).getByLabelText('Configuration Name') as HTMLInputElement;
    expect(name.maxLength).toBe(200);
    await user.type(name, 'Too long for the server');
    await user.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    expect(await within(dialog).findByText('Configuration name must be at most 200 characters')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const toast = await findToast('Error');
    expect(toast.textContent).toContain('Failed to save configuration: Configuration name must be at most 200 characters');
    // typing again clears the refusal
    await user.type(name, '!');
    expect(within(dialog).queryByText('Configuration name must be at most 200 characters')).toBeNull();
  });

  it('an outage during save keeps the seed words and the dialog open for another try', async () => {
    await signIn();
    const { user } = await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Configure Your Package' })).toBeTruthy();
    failing = { match: (p) => p.includes('configurations.create'), how: 'offline' };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Your Configuration' });
    await user.type(within(dialog).getByLabelText('Configuration Name'), 'Offline');
    await user.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    const toast = await findToast('Error');
    expect(toast.textContent).toContain('Failed to save configuration: The server could not be reached. Check your connection and try again.');
    expect(within(dialog).getByRole('button', { name: 'Save Configuration' })).toBeTruthy();
  });

  it('a PDF download without a connection says the connection is the problem', async () => {
    await signIn();
    server.use(http.post('http://localhost:3000/api/quote/pdf', () => HttpResponse.error()));
    const { user } = await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Configure Your Package' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const toast = await findToast('PDF download failed');
    expect(toast.textContent).toContain('The server could not be reached. Check your connection and try again.');
  });
});

describe('a quote that is not there', () => {
  it('/calculator/999 shows the not-found state, not an empty calculator under a toast', async () => {
    await signIn();
    const { location } = await renderApp('/calculator/999');
    expect(await screen.findByRole('heading', { name: 'Quote not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your saved configurations' }).getAttribute('href')).toBe('/saved-configurations');
    expect(screen.queryByRole('heading', { name: 'Configure Your Package' })).toBeNull();
    expect(location.history.at(-1)).toBe('/calculator/999');
    expect(document.title).toBe('Quote not found · Quote Configurator');
  });
});
