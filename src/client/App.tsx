import { Box, Center, Container, Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AuthPage } from './features/auth/AuthPage';
import { CalculatorPage } from './features/calculator/CalculatorPage';
import { NotFoundPage } from './NotFoundPage';
import { trpc } from './lib/trpc';

/** Seed 000 §2: a spinner while the session loads, then /auth when there is no user. */
function RequireUser({ children }: { children: ReactNode }) {
  const check = trpc.auth.check.useQuery(undefined, { staleTime: 0 });
  if (check.isPending) {
    return (
      <Center minH="60vh">
        <Spinner size="lg" />
      </Center>
    );
  }
  if (!check.data?.authenticated) return <Redirect to="/auth" />;
  return <>{children}</>;
}

export function App() {
  return (
    <Box minH="100vh" bg="gray.50">
      <Container maxW="7xl" py="8">
        <Switch>
          <Route path="/auth" component={AuthPage} />
          <Route path="/">
            <RequireUser>
              <CalculatorPage />
            </RequireUser>
          </Route>
          <Route path="/calculator/:configId?">
            <RequireUser>
              <CalculatorPage />
            </RequireUser>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Container>
      <Box as="footer" textAlign="center" py="6" color="gray.500" fontSize="sm">
        © {new Date().getFullYear()} Quote Configurator
      </Box>
    </Box>
  );
}
