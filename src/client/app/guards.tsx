// Route guards (seed 000 §2, seed 001 §2): a spinner while the session loads, then /auth for no user, and /auth for a
// non-admin on an admin route.
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageSpinner } from '../components/PageSpinner';
import { useSessionCheck } from '../lib/session';

export function RequireUser({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const check = useSessionCheck();
  if (check.isPending) return <PageSpinner />;
  if (!check.data?.authenticated) return <Redirect to="/auth" replace />;
  if (admin && !check.data.isAdmin) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}

/** /auth: a signed-in visitor is sent to /. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const check = useSessionCheck();
  if (check.isPending) return <PageSpinner />;
  if (check.data?.authenticated) return <Redirect to="/" replace />;
  return <>{children}</>;
}
