// The session as every screen sees it (docs/PRODUCT.md "The calculator" "Session": loading, authenticated, not authenticated).
// auth.check never fails, so a signed-out visitor causes no 401 in the console; the user object is fetched only
// when there is a session.
import { trpc } from './trpc';

/**
 * The session check of a page being entered (the guards, the admin dashboard, the saved list): docs/PRODUCT.md "The API's conventions" says it is
 * not cached and is refetched on focus, so entering a page asks the server again.
 */
export function useSessionCheck() {
  return useSessionAnswer(true);
}

/**
 * The one session query. `entering`: this page asks the server again; otherwise (the header, its user menu, the
 * calculator) the answer the page was entered with is read. One check per page entry, not one per part that mounts:
 * each extra check is one more answer that can arrive late and change the page under the user's hands.
 */
function useSessionAnswer(entering: boolean) {
  return trpc.auth.check.useQuery(undefined, { staleTime: 0, refetchOnWindowFocus: true, refetchOnMount: entering });
}

export function useSignedIn(): boolean {
  return useSessionAnswer(false).data?.authenticated === true;
}

/** REGISTRATION=closed, as the session check tells it: the Register tab says so instead of showing the form. */
export function useRegistrationClosed(): boolean {
  return useSessionAnswer(false).data?.registration === 'closed';
}

function useUser(entering: boolean) {
  const check = useSessionAnswer(entering);
  const me = trpc.auth.me.useQuery(undefined, { enabled: check.data?.authenticated === true });
  const authenticated = check.data?.authenticated === true;
  return {
    check,
    me,
    status:
      check.isError && !check.data
        ? ('unavailable' as const)
        : check.isPending || (authenticated && me.isPending)
          ? ('loading' as const)
          : authenticated
            ? ('authenticated' as const)
            : ('unauthenticated' as const),
    user: authenticated ? (me.data ?? null) : null,
    isAdmin: check.data?.isAdmin === true,
  };
}

/** The signed-in user of a page being entered (checks the session again, like useSessionCheck). */
export function useEnteringUser() {
  return useUser(true);
}

/** The signed-in user as the parts of a page read it (no check of their own). */
export function useCurrentUser() {
  return useUser(false);
}
