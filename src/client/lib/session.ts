// The session as every screen sees it (seed 000 §4 "Session": loading, authenticated, not authenticated).
// auth.check never fails, so a signed-out visitor causes no 401 in the console; the user object is fetched only
// when there is a session.
import { trpc } from './trpc';

export function useSessionCheck() {
  // seed 000 §7: the check is not cached and is refetched on focus
  return trpc.auth.check.useQuery(undefined, { staleTime: 0, refetchOnWindowFocus: true });
}

export function useCurrentUser() {
  const check = useSessionCheck();
  const me = trpc.auth.me.useQuery(undefined, { enabled: check.data?.authenticated === true });
  const authenticated = check.data?.authenticated === true;
  return {
    check,
    me,
    status: check.isError && !check.data ? ('unavailable' as const) : check.isPending || (authenticated && me.isPending) ? ('loading' as const) : authenticated ? ('authenticated' as const) : ('unauthenticated' as const),
    user: authenticated ? (me.data ?? null) : null,
    isAdmin: check.data?.isAdmin === true,
  };
}
