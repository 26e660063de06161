// The dashboard's own session check (docs/PRODUCT.md "The admin area"), apart from the route guard: what to do with each answer of
// auth.check, and the toast that goes with it.
export type DashboardAccess = 'checking' | 'granted' | 'error' | 'unauthenticated' | 'denied';

export interface SessionCheckState {
  isPending: boolean;
  isError: boolean;
  data?: { authenticated: boolean; isAdmin: boolean } | undefined;
}

export function dashboardAccess(check: SessionCheckState): DashboardAccess {
  if (check.isError) return 'error';
  if (check.isPending || !check.data) return 'checking';
  if (!check.data.authenticated) return 'unauthenticated';
  if (!check.data.isAdmin) return 'denied';
  return 'granted';
}

/** The toast for each way out; 'denied' also logs out. */
export const ACCESS_TOASTS: Record<'error' | 'unauthenticated' | 'denied', { title: string; description: string }> = {
  error: { title: 'Authentication Error', description: 'An error occurred while checking your authentication' },
  unauthenticated: { title: 'Authentication Required', description: 'You need to login to access the admin dashboard' },
  denied: { title: 'Access Denied', description: 'You need admin privileges to access this dashboard' },
};
