import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '../components/PageSpinner';
import { AppLayout } from './layout/AppLayout';
import { AppRoutes } from './router';

// The customer's page of a share link is a document of its own: no app header, no account, its own small chunk.
const CustomerQuotePage = lazy(() => import('../features/customer-quote').then((m) => ({ default: m.CustomerQuotePage })));

export function App() {
  return (
    <Switch>
      <Route path="/q/:token">
        {(params) => (
          <Suspense fallback={<PageSpinner />}>
            <CustomerQuotePage token={params.token} />
          </Suspense>
        )}
      </Route>
      <Route>
        <AppLayout>
          <AppRoutes />
        </AppLayout>
      </Route>
    </Switch>
  );
}
