// The Login tab (seed 000 §2, §5, §8): Email Address and Password validated with the shared schema, the server's
// message when it refuses.
import { Button, Link as ChakraLink, Flex, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { loginInput } from '../../../shared/schemas/auth';
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { FormField } from './FormField';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const form = useForm({ resolver: zodResolver(loginInput), defaultValues: { username: '', password: '' } });
  const errors = form.formState.errors;
  const login = trpc.auth.login.useMutation({
    onSuccess: async (user) => {
      notify('success', 'Login successful', `Welcome back ${user.username}`);
      await utils.auth.invalidate();
      navigate('/');
    },
    onError: (err) => {
      notify('error', 'Login failed', errorMessage(err, 'Login failed. Please try again.'));
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((data) => login.mutate(data))} aria-label="Login">
      <Stack gap="4">
        <FormField label="Email Address" error={errors.username?.message}>
          <Input type="email" autoComplete="username" placeholder="you@company.com" {...form.register('username')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint="Password must be at least 8 characters">
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <Flex justify="flex-end" mt="-1">
          <ChakraLink asChild fontSize="sm" color="blue.fg" fontWeight="medium">
            <button type="button" onClick={onForgotPassword}>
              Forgot your password?
            </button>
          </ChakraLink>
        </Flex>
        <Button type="submit" colorPalette="blue" size="lg" w="full" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </form>
  );
}
