// The Register tab (docs/PRODUCT.md "The calculator"): the username is the Email Address, the email the Confirm Email (so "Email
// addresses must match" shows under Confirm Email); the confirm password is not sent.
import { Button, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { registerForm } from '../../../shared/schemas/auth';
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { FormField } from './FormField';
import { ProfileNameFields } from './ProfileNameFields';

export function RegisterForm() {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const form = useForm({
    resolver: zodResolver(registerForm),
    defaultValues: { username: '', email: '', firstname: '', lastname: '', companyName: '', password: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const register = trpc.auth.register.useMutation({
    onSuccess: async (user) => {
      notify('success', 'Registration successful', `Welcome ${user.username}`);
      await utils.auth.invalidate();
      navigate('/');
    },
    onError: (err) => {
      notify('error', 'Registration failed', errorMessage(err, 'Could not create your account'));
    },
  });

  return (
    <form noValidate aria-label="Register" onSubmit={form.handleSubmit(({ confirmPassword: _confirm, ...data }) => register.mutate(data))}>
      <Stack gap="4">
        <FormField label="Email Address" error={errors.username?.message}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('username')} />
        </FormField>
        <FormField label="Confirm Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        <ProfileNameFields register={(name) => form.register(name)} errors={errors} />
        <FormField label="Password" error={errors.password?.message} hint="At least 8 characters, with uppercase and lowercase letters and numbers">
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" colorPalette="blue" size="lg" w="full" disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
