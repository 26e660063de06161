// Renders a component as the app does (Chakra, toaster, tRPC + React Query). The tRPC client talks to a real app on
// a temporary SQLite database in the same process (no network, no mocked server): pass `fetch` from a test app.
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../app/theme';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '../components/toaster';
import { appLinks, createQueryClient, trpc } from '../lib/trpc';

export interface RenderOptions {
  /** fetch of an in-process app (e.g. `(url, init) => testApp.app.request(url, init)`), with the session cookie. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** Starting path for wouter. */
  path?: string;
}

/**
 * Rendered inside an async act(): what the first render schedules for right after it (Ark's machines settle in
 * microtasks, a lazy part resolves) lands before the test goes on, as it would before a user could act.
 */
export async function renderUi(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = createQueryClient();
  const doFetch = options.fetch ?? (() => Promise.reject(new Error('no server in this test')));
  const trpcClient = trpc.createClient({
    links: appLinks({ url: 'http://localhost:3000/trpc', fetch: (url, init) => doFetch(String(url), init as RequestInit) }),
  });
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const user = userEvent.setup();
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ChakraProvider value={system}>
            <Router hook={location.hook}>{ui}</Router>
            <Toaster />
          </ChakraProvider>
        </QueryClientProvider>
      </trpc.Provider>,
    );
  });
  return { ...result, user, location, queryClient };
}
