import { AppLayout } from './layout/AppLayout';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppLayout>
      <AppRoutes />
    </AppLayout>
  );
}
