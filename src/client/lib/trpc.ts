import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink, splitLink, type HTTPBatchLinkOptions } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs, inferTRPCClientTypes } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/root';
import { failureKind } from './errors';

export const trpc = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;

const SESSION_CHECK_KEY = [['auth', 'check']];

/** Whether a cached query is the session check (auth.check), whatever its input and type parts. */
export function isSessionCheck(queryKey: readonly unknown[]): boolean {
  return JSON.stringify(queryKey[0]) === JSON.stringify(SESSION_CHECK_KEY[0]);
}

/**
 * docs/PRODUCT.md "The API's conventions": no refetch interval, no refetch on focus, data never stale, no retries. A 401 from any call means the
 * session ended: the session check is read again, and the guards send the user to sign in. Any other failure is the
 * screen's to show (with a Retry); it never signs anyone out.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown, key?: readonly unknown[]) => {
    if (failureKind(error) !== 'signedOut') return;
    if (key && isSessionCheck(key)) return;
    void client.invalidateQueries({ queryKey: SESSION_CHECK_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
  return client;
}

type BatchOptions = Pick<HTTPBatchLinkOptions<inferTRPCClientTypes<AppRouter>>, 'url' | 'fetch'>;

/**
 * The session calls travel in a batch of their own: a failing screen (its catalogue, its list) cannot take the
 * header's user menu down with it.
 */
export function appLinks(options: BatchOptions) {
  return [
    splitLink({
      condition: (op) => op.path.startsWith('auth.'),
      // a screen needs a handful of calls at once; the server caps a batch (docs/PRODUCT.md "The API's conventions")
      true: httpBatchLink({ ...options, maxItems: 10 }),
      false: httpBatchLink({ ...options, maxItems: 10 }),
    }),
  ];
}

export function createTrpcClient() {
  return trpc.createClient({
    links: appLinks({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) }),
  });
}
