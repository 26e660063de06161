import { Alert, Button, Card, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Redirect, useLocation } from 'wouter';
import { loginInput } from '../../../shared/schemas/auth';
import { trpc } from '../../lib/trpc';

/** Login (the full auth page with Register and the forgot-password dialog comes with the account screens). */
export function AuthPage() {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const check = trpc.auth.check.useQuery(undefined, { staleTime: 0 });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const login = trpc.auth.login.useMutation({
    onSuccess: async () => {
      await utils.auth.invalidate();
      navigate('/');
    },
  });

  if (check.data?.authenticated) return <Redirect to="/" />;

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = loginInput.safeParse({ username, password });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    login.mutate(parsed.data);
  }

  return (
    <Card.Root maxW="md" mx="auto" mt="12">
      <Card.Body>
        <Heading size="lg" mb="6">
          Login
        </Heading>
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <Field.Root>
              <Field.Label>Email Address</Field.Label>
              <Input name="username" type="email" value={username} onChange={(e) => setUsername(e.target.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>Password</Field.Label>
              <Input name="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
              <Field.HelperText>Password must be at least 8 characters</Field.HelperText>
            </Field.Root>
            {(fieldError ?? login.error?.message) && (
              <Alert.Root status="error">
                <Alert.Title>{fieldError ?? login.error?.message}</Alert.Title>
              </Alert.Root>
            )}
            <Button type="submit" colorPalette="blue" disabled={login.isPending}>
              {login.isPending ? 'Logging in...' : 'Login'}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
