// /auth (docs/PRODUCT.md "The calculator"): the Login and Register tabs, the forgot-password dialog, and the marketing side panel (beside
// the card from md, below it on a phone). The router's RedirectIfSignedIn sends a signed-in visitor to /. With
// REGISTRATION=closed the Register tab says so instead of showing the form.
import { Alert, Box, Button, Card, Grid, Heading, Skeleton, Tabs, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LoginForm } from './LoginForm';
import { MarketingPanel } from './MarketingPanel';
import { REGISTRATION_CLOSED } from '../../../shared/schemas/auth';
import { usePageTitle } from '../../lib/page-title';
import { useRegistrationClosed } from '../../lib/session';

// The Register tab and its form library load when the tab is first chosen (or hovered / focused, to be ready).
const loadRegisterForm = () => import('./RegisterForm');
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));
// The dialog's code (focus trap, dismiss layers) loads when it is first opened: most visits never open it.
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })));

export function AuthPage() {
  usePageTitle('Sign In');
  const [tab, setTab] = useState('login');
  const [forgotOpen, setForgotOpen] = useState(false);
  const closed = useRegistrationClosed();
  const heading = tab === 'login' ? 'Welcome back' : closed ? 'Accounts by invitation' : 'Create your account';
  const lead =
    tab === 'login'
      ? 'Sign in to build and manage your quotes.'
      : closed
        ? 'An administrator creates the accounts of this team.'
        : 'Start building quotes in a minute.';
  return (
    <Grid
      templateColumns={{ base: '1fr', md: '1fr 1fr' }}
      gap={{ base: '6', md: '8', lg: '12' }}
      alignItems="stretch"
      maxW="6xl"
      mx="auto"
      py={{ base: '0', md: '6' }}
    >
      <Box order={{ base: 2, md: 1 }}>
        <MarketingPanel />
      </Box>
      <Box order={{ base: 1, md: 2 }} alignSelf="center">
        <Card.Root variant="elevated" rounded="2xl">
          <Card.Header pb="0">
            <Heading as="h1" size="2xl">
              {heading}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {lead}
            </Text>
          </Card.Header>
          <Card.Body>
            <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="enclosed" fitted lazyMount unmountOnExit>
              <Tabs.List mb="5" w="full">
                <Tabs.Trigger value="login">Login</Tabs.Trigger>
                <Tabs.Trigger value="register" onPointerEnter={loadRegisterForm} onFocus={loadRegisterForm}>
                  Register
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="login" p="0">
                <LoginForm onForgotPassword={() => setForgotOpen(true)} />
              </Tabs.Content>
              <Tabs.Content value="register" p="0">
                {closed ? (
                  <Alert.Root status="info" alignItems="flex-start" data-testid="registration-closed">
                    <Alert.Indicator />
                    <Alert.Content gap="3">
                      <Alert.Title>{REGISTRATION_CLOSED}</Alert.Title>
                      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setTab('login')}>
                        Back to Login
                      </Button>
                    </Alert.Content>
                  </Alert.Root>
                ) : (
                  <Suspense fallback={<Skeleton height="md" rounded="md" />}>
                    <RegisterForm />
                  </Suspense>
                )}
              </Tabs.Content>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>
      </Box>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </Grid>
  );
}
