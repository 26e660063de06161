// Raw tRPC v11 HTTP calls (no transformer), as the browser's httpBatchLink sends them: for the tests that must see
// the wire (status codes, headers, batch sizes), which createCaller cannot show.
import type { TestClient, TestResponse } from './test-app';

export interface Call {
  path: string;
  input?: unknown;
}

/** One batched request: POST for mutations (inputs in the body), GET for queries (inputs in the URL). */
export function trpcBatch(client: TestClient, kind: 'query' | 'mutation', calls: Call[], headers?: Record<string, string>): Promise<TestResponse> {
  const paths = calls.map((c) => c.path).join(',');
  const inputs = Object.fromEntries(calls.map((c, i) => [String(i), c.input]));
  if (kind === 'query') {
    return client.get(`/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`, headers);
  }
  return client.post(`/trpc/${paths}?batch=1`, inputs, headers);
}

/** One unbatched call. */
export function trpcCall(client: TestClient, kind: 'query' | 'mutation', path: string, input?: unknown, headers?: Record<string, string>) {
  if (kind === 'query') {
    const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return client.get(`/trpc/${path}${q}`, headers);
  }
  return client.post(`/trpc/${path}`, input ?? {}, headers);
}

/** The error codes of a batch answer's items (null for a success). */
export function batchCodes(res: TestResponse): (string | null)[] {
  const items = Array.isArray(res.body) ? res.body : [];
  return items.map((i: { error?: { data?: { code?: string } } }) => i.error?.data?.code ?? null);
}
