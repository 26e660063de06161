import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/root';

export const trpc = createTRPCReact<AppRouter>();

// Seed 000 §7: no refetch interval, no refetch on focus, data never stale, no retries.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
  });
}
