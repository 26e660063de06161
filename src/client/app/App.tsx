import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '../components/PageSpinner';
import { AppLayout } from './layout/AppLayout';
import { AppRoutes } from './router';

// The customer's page of a share link is a document of its own: no app header, no account, its own small chunk.
const customerQuote = () => import('../features/customer-quote');
const CustomerQuotePage = lazy(() => customerQuote().then((m) => ({ default: m.CustomerQuotePage })));
const LinkNotValidPage = lazy(() => customerQuote().then((m) => ({ default: m.LinkNotValidPage })));

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
      {/* /q, /q/ and anything deeper are links too, only not valid ones: the customer's page says so, not the app's 404 */}
      <Route path="/q/*?">
        <Suspense fallback={<PageSpinner />}>
          <LinkNotValidPage />
        </Suspense>
      </Route>
      <Route>
        <AppLayout>
          <AppRoutes />
        </AppLayout>
      </Route>
    </Switch>
  );
}
