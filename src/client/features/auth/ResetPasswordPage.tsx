// /reset-password?token= (docs/PRODUCT.md "The calculator": form, submitting, success, then a redirect to /auth after 3 seconds).
import { Button, Flex, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { LuCircleCheck, LuKeyRound, LuLink2Off } from 'react-icons/lu';
import { Link, useLocation, useSearch } from 'wouter';
import { resetPasswordForm } from '../../../shared/schemas/auth';
import { IconCard } from '../../components/IconCard';
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { FormField } from './FormField';
import { usePageTitle } from '../../lib/page-title';

export const REDIRECT_AFTER_RESET_MS = 3000;

function Panel({ icon, tone, title, children }: { icon: typeof LuKeyRound; tone: string; title: string; children: ReactNode }) {
  return (
    <IconCard look="start" icon={icon} tone={tone} title={title} headingAs="h1" maxW="md" mt={{ base: '4', md: '12' }}>
      {children}
    </IconCard>
  );
}

export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [, navigate] = useLocation();
  const warned = useRef(false);
  const form = useForm({ resolver: zodResolver(resetPasswordForm), defaultValues: { newPassword: '', confirmPassword: '' } });
  const errors = form.formState.errors;
  const reset = trpc.auth.resetPassword.useMutation({
    onSuccess: (res) => notify('success', 'Password reset successful', res.message),
    onError: (err) => notify('error', 'Password reset failed', errorMessage(err, 'Failed to reset password. The link may be invalid or expired.')),
  });

  // Asked when the page opens: a used or expired link says so before anyone types a new password. An outage or a
  // refusal of the check itself leaves the form up (the reset then gives its own answer).
  const status = trpc.auth.resetTokenStatus.useQuery({ token }, { enabled: token !== '', retry: false, staleTime: Infinity });
  const invalid = !token || status.data?.usable === false;

  useEffect(() => {
    if (invalid && !warned.current && !reset.isSuccess) {
      warned.current = true;
      notify('error', 'Invalid reset link', 'The password reset link is invalid or expired.');
    }
  }, [invalid, reset.isSuccess]);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/auth'), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (token && status.isPending) {
    return (
      <Flex justify="center" py="16">
        <Spinner size="lg" color="blue.solid" aria-label="Checking the reset link" />
      </Flex>
    );
  }

  if (invalid && !reset.isSuccess) {
    return (
      <Panel icon={LuLink2Off} tone="red" title="Invalid reset link">
        <Text color="fg.muted">
          This password reset link is invalid or has expired. Please request a new link with “Forgot your password?” on the login page.
        </Text>
        <Button asChild colorPalette="blue" alignSelf="flex-start">
          <Link href="/auth">Request a new link</Link>
        </Button>
      </Panel>
    );
  }

  if (reset.isSuccess) {
    return (
      <Panel icon={LuCircleCheck} tone="green" title="Password reset successful">
        <Text color="fg.muted">Your password has been reset. You can now log in with your new password.</Text>
        <Text color="fg.muted" fontSize="sm" role="status">
          Taking you to the login page…
        </Text>
        <Button asChild colorPalette="blue" alignSelf="flex-start">
          <Link href="/auth">Go to login</Link>
        </Button>
      </Panel>
    );
  }

  return (
    <Panel icon={LuKeyRound} tone="blue" title="Choose a new password">
      <Text color="fg.muted" mt="-2">
        Your new password replaces the old one and signs you out everywhere else.
      </Text>
      <form noValidate onSubmit={form.handleSubmit((d) => reset.mutate({ token, newPassword: d.newPassword }))}>
        <Stack gap="4">
          <FormField
            label="New Password"
            error={errors.newPassword?.message}
            hint="At least 8 characters, with uppercase and lowercase letters and numbers"
          >
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" colorPalette="blue" size="lg" w="full" disabled={reset.isPending}>
            {reset.isPending ? 'Resetting Password...' : 'Reset Password'}
          </Button>
        </Stack>
      </form>
    </Panel>
  );
}
