// Every route of the app. The admin area is one lazily loaded chunk: nothing of it is in the first screen.
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageSpinner } from '../components/PageSpinner';
import { AuthPage } from '../features/auth/AuthPage';
import { NotFoundPage } from './NotFoundPage';
import { RedirectIfSignedIn, RequireUser } from './guards';

// /auth is the first screen: everything else is loaded when it is opened, so the first screen loads only what it needs.
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })));
const SavedConfigurationsPage = lazy(() => import('../features/saved/SavedConfigurationsPage').then((m) => ({ default: m.SavedConfigurationsPage })));
const CalculatorPage = lazy(() => import('../features/calculator/CalculatorPage').then((m) => ({ default: m.CalculatorPage })));
const admin = () => import('../features/admin');
const AdminLoginPage = lazy(() => admin().then((m) => ({ default: m.AdminLoginPage })));
const AdminDashboardPage = lazy(() => admin().then((m) => ({ default: m.AdminDashboardPage })));
const AdminUsersPage = lazy(() => admin().then((m) => ({ default: m.AdminUsersPage })));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/auth">
          <RedirectIfSignedIn>
            <AuthPage />
          </RedirectIfSignedIn>
        </Route>
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/">
          <RequireUser>
            <CalculatorPage />
          </RequireUser>
        </Route>
        <Route path="/calculator/:configId?">
          {(params) => (
            <RequireUser>
              <CalculatorPage configId={params.configId} />
            </RequireUser>
          )}
        </Route>
        {/* The page shows its own signed-out state ("Please sign in"). */}
        <Route path="/saved-configurations" component={SavedConfigurationsPage} />
        <Route path="/admin/login" component={AdminLoginPage} />
        <Route path="/admin/dashboard">
          <RequireUser admin onEntry>
            <AdminDashboardPage />
          </RequireUser>
        </Route>
        <Route path="/admin/users">
          <RequireUser admin>
            <AdminUsersPage />
          </RequireUser>
        </Route>
        <Route path="/admin">
          <Redirect to="/admin/dashboard" replace />
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
