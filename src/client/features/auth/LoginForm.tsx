// The Login tab (docs/PRODUCT.md "The calculator"): Email Address and Password validated with the shared schema, the server's
// message when it refuses. It is the first screen, so it validates with the schema directly instead of through
// react-hook-form (two fields do not need it, and it keeps ~12 kB out of the first screen's JavaScript): messages
// appear on submit and then follow each change, as react-hook-form's default mode does on the other forms.
import { Button, Link as ChakraLink, Flex, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { loginInput } from '../../../shared/schemas/auth';

type LoginFields = { username: string; password: string };
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { FormField } from './FormField';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [values, setValues] = useState<LoginFields>({ username: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? fieldErrors(values) : {};
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

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const parsed = loginInput.safeParse(values);
    if (parsed.success) login.mutate(parsed.data);
    else focusFirstInvalid(e.currentTarget as HTMLFormElement, parsed.error.issues[0]?.path[0]);
  }
  const field = (name: keyof LoginFields) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Login">
      <Stack gap="4">
        <FormField label="Email Address" error={errors.username?.message}>
          <Input type="email" autoComplete="username" placeholder="you@company.com" {...field('username')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint="Password must be at least 8 characters">
          <Input type="password" autoComplete="current-password" {...field('password')} />
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

/** The first message of each field, as the form shows it. */
function fieldErrors(values: LoginFields): Partial<Record<keyof LoginFields, { message: string }>> {
  const parsed = loginInput.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof LoginFields, { message: string }>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof LoginFields;
    errors[key] ??= { message: issue.message };
  }
  return errors;
}

function focusFirstInvalid(form: HTMLFormElement, name: PropertyKey | undefined): void {
  if (typeof name === 'string') (form.elements.namedItem(name) as HTMLElement | null)?.focus();
}
