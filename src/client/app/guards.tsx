// Route guards (docs/PRODUCT.md "The calculator"): a spinner while the session loads, then /auth for no user, and /auth for a
// non-admin on an admin route. A session check that fails (network, server) is an outage, not a sign-out: the page
// says so and offers a Retry.
import { useEffect, useRef, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageSpinner } from '../components/PageSpinner';
import { SessionCheckFailed } from '../components/SessionCheckFailed';
import { notify } from '../components/toaster';
import { useSessionCheck } from '../lib/session';

/**
 * `onEntry`: decide only when the page is entered; once admitted, later answers of the check (a session that ends
 * while the page is open) are the page's own business (the admin dashboard's checks, docs/PRODUCT.md "The admin area").
 */
export function RequireUser({ children, admin = false, onEntry = false }: { children: ReactNode; admin?: boolean; onEntry?: boolean }) {
  const check = useSessionCheck();
  const admitted = useRef(false);
  if (onEntry && admitted.current) return <>{children}</>;
  if (check.isPending) return <PageSpinner />;
  if (check.isError && !check.data) return <SessionCheckFailed check={check} />;
  if (!check.data?.authenticated) return <Redirect to="/auth" replace />;
  if (admin && !check.data.isAdmin) return <NotAnAdmin />;
  admitted.current = true;
  return <>{children}</>;
}

/** /auth: a signed-in visitor is sent to /. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const check = useSessionCheck();
  if (check.isPending) return <PageSpinner />;
  if (check.isError && !check.data) return <SessionCheckFailed check={check} />;
  if (check.data?.authenticated) return <Redirect to="/" replace />;
  return <>{children}</>;
}

/** A signed-in non-admin on an admin route: told why (its Access Denied words, docs/PRODUCT.md "The admin area"), then sent on to /auth. */
function NotAnAdmin() {
  useEffect(() => {
    notify('error', 'Access Denied', 'You need admin privileges to access this dashboard');
  }, []);
  return <Redirect to="/auth" replace />;
}
