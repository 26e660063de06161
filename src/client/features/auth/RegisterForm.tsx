// The Register tab (docs/PRODUCT.md "The calculator"): the username is the Email Address, the email the Confirm Email (so "Email
// addresses must match" shows under Confirm Email); the confirm password is not sent.
import { Button, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { registerForm } from '../../../shared/schemas/auth';
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { FormField } from './FormField';

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
    <form
      noValidate
      aria-label="Register"
      onSubmit={form.handleSubmit(({ confirmPassword: _confirm, ...data }) => register.mutate(data))}
    >
      <Stack gap="4">
        <FormField label="Email Address" error={errors.username?.message}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('username')} />
        </FormField>
        <FormField label="Confirm Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="First Name" error={errors.firstname?.message}>
            <Input autoComplete="given-name" {...form.register('firstname')} />
          </FormField>
          <FormField label="Last Name" error={errors.lastname?.message}>
            <Input autoComplete="family-name" {...form.register('lastname')} />
          </FormField>
        </SimpleGrid>
        <FormField label="Company Name" error={errors.companyName?.message}>
          <Input autoComplete="organization" {...form.register('companyName')} />
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          hint="At least 8 characters, with uppercase and lowercase letters and numbers"
        >
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
