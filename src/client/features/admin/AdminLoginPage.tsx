// /admin/login (docs/PRODUCT.md "The admin area"): Email Address, Password, Remember me, the inert "Forgot password?" link, the
// demo credentials hint while the demo admin still has its demo password. A non-admin is logged out again.
import { Alert, Box, Button, Checkbox, Code, Field, Flex, Heading, HStack, Icon, Input, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { LuShieldCheck } from 'react-icons/lu';
import { useLocation } from 'wouter';
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { adminLoginForm, LOGIN_FAILED_FALLBACK, NOT_ADMIN_MESSAGE, type AdminLoginValues } from './shared/shell-login-form';
import { usePageTitle } from '../../lib/page-title';

export function AdminLoginPage() {
  usePageTitle('Admin Sign In');
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [refusal, setRefusal] = useState<string | null>(null);
  const hint = trpc.auth.demoHint.useQuery(undefined, { staleTime: 0 });
  const form = useForm<AdminLoginValues>({
    resolver: zodResolver(adminLoginForm),
    defaultValues: { username: '', password: '', remember: false },
  });
  const errors = form.formState.errors;
  const logout = trpc.auth.logout.useMutation();
  const login = trpc.auth.login.useMutation();
  const busy = login.isPending || logout.isPending;

  async function onSubmit(values: AdminLoginValues) {
    setRefusal(null);
    let user;
    try {
      user = await login.mutateAsync(values);
    } catch (err) {
      const message = errorMessage(err, LOGIN_FAILED_FALLBACK);
      setRefusal(message);
      notify('error', 'Login Failed', message);
      return;
    }
    if (!user.isAdmin) {
      try {
        await logout.mutateAsync();
      } finally {
        await utils.auth.invalidate();
      }
      setRefusal(NOT_ADMIN_MESSAGE);
      notify('error', 'Login Failed', NOT_ADMIN_MESSAGE);
      return;
    }
    notify('success', 'Login successful', 'You have been logged in successfully as admin.');
    await utils.auth.invalidate();
    navigate('/admin/dashboard');
  }

  return (
    // Held at the top, not centred: the demo hint arriving below the form must not move the form under the pointer.
    <Flex justify="center" align="flex-start" pt={{ base: '2', md: '14' }} pb={{ base: '2', md: '6' }}>
      <Box w="full" maxW="md" bg="bg" borderWidth="1px" rounded="2xl" shadow="md" p={{ base: '6', md: '8' }}>
        <Stack gap="6">
          <Stack gap="3" align="center" textAlign="center">
            <Flex boxSize="12" rounded="full" bg="blue.subtle" color="blue.fg" align="center" justify="center">
              <Icon boxSize="6">
                <LuShieldCheck />
              </Icon>
            </Flex>
            <Heading as="h1" size="2xl">
              Admin Login
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Sign in to manage packages, pricing and accounts.
            </Text>
          </Stack>

          {refusal && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{refusal}</Alert.Title>
            </Alert.Root>
          )}

          <form noValidate aria-label="Admin login" onSubmit={form.handleSubmit(onSubmit)}>
            <Stack gap="4">
              <Field.Root invalid={Boolean(errors.username)}>
                <Field.Label>Email Address</Field.Label>
                <Input type="email" autoComplete="username" placeholder="admin@company.com" {...form.register('username')} />
                <Field.ErrorText>{errors.username?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.password)}>
                <Field.Label>Password</Field.Label>
                <Input type="password" autoComplete="current-password" {...form.register('password')} />
                <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
              </Field.Root>
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Controller
                  control={form.control}
                  name="remember"
                  render={({ field }) => (
                    <Checkbox.Root size="sm" checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} name={field.name}>
                      <Checkbox.HiddenInput onBlur={field.onBlur} />
                      <Checkbox.Control />
                      <Checkbox.Label>Remember me</Checkbox.Label>
                    </Checkbox.Root>
                  )}
                />
                {/* docs/PRODUCT.md "The admin area": a link that goes nowhere. */}
                <Link href="#" fontSize="sm" color="blue.fg" fontWeight="medium" onClick={(e) => e.preventDefault()}>
                  Forgot password?
                </Link>
              </HStack>
              <Button type="submit" colorPalette="blue" size="lg" w="full" disabled={busy}>
                {busy ? 'Signing in...' : 'Sign in'}
              </Button>
            </Stack>
          </form>

          {hint.data && (
            <Box bg="bg.muted" rounded="lg" px="4" py="3" fontSize="sm" data-testid="demo-hint">
              <Text fontWeight="semibold" mb="1">
                Demo credentials
              </Text>
              <Text color="fg.muted">
                Email: <Code>{hint.data.email}</Code>
              </Text>
              <Text color="fg.muted">
                Password: <Code>{hint.data.password}</Code>
              </Text>
            </Box>
          )}
        </Stack>
      </Box>
    </Flex>
  );
}
