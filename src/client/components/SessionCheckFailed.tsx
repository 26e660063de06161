// The session check itself failed (network, server): that is an outage, not a sign-out, so no redirect to /auth.
import { errorMessage, UNAVAILABLE_MESSAGE } from '../lib/errors';
import type { useSessionCheck } from '../lib/session';
import { RetryPanel } from './RetryPanel';

export function SessionCheckFailed({ check }: { check: ReturnType<typeof useSessionCheck> }) {
  return (
    <RetryPanel
      title="Could not check your session"
      description={errorMessage(check.error, UNAVAILABLE_MESSAGE)}
      onRetry={() => check.refetch()}
      retrying={check.isFetching}
    />
  );
}
