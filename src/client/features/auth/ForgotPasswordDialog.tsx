// "Reset your password" (docs/PRODUCT.md "The calculator": idle, loading, success, error). The server answers the same for any
// address, so the success text never says whether an account exists.
import { Alert, Button, Dialog, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { requestPasswordResetInput } from '../../../shared/schemas/auth';
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { FormField } from './FormField';
import { DialogShell, DialogSubmitFooter } from '../../components/DialogShell';

export const RESET_EMAIL_SENT = 'Password reset email sent. Please check your inbox.';

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(requestPasswordResetInput), defaultValues: { email: '' } });
  const request = trpc.auth.requestPasswordReset.useMutation({
    onError: (err) => notify('error', 'Error', errorMessage(err, 'An error occurred while processing your request')),
  });
  const close = () => {
    if (request.isPending) return;
    onClose();
    form.reset();
    request.reset();
  };
  const sent = request.isSuccess;

  return (
    <DialogShell open={open} onClose={close} busy={request.isPending} positionerProps={{ px: '3' }} contentProps={{ maxW: 'md' }}>
      <form noValidate onSubmit={form.handleSubmit((data) => request.mutate(data))}>
        <Dialog.Header>
          <Dialog.Title>Reset your password</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {sent ? (
            <Alert.Root status="success" variant="subtle">
              <Alert.Indicator />
              <Alert.Title>{RESET_EMAIL_SENT}</Alert.Title>
            </Alert.Root>
          ) : (
            <Stack gap="4">
              <Text color="fg.muted" fontSize="sm">
                Enter the email address of your account and we will send you a link to choose a new password.
              </Text>
              <FormField label="Email" error={form.formState.errors.email?.message}>
                <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />
              </FormField>
            </Stack>
          )}
        </Dialog.Body>
        {sent ? (
          <Dialog.Footer>
            <Button colorPalette="blue" onClick={close}>
              Close
            </Button>
          </Dialog.Footer>
        ) : (
          <DialogSubmitFooter onCancel={close} pending={request.isPending} pendingLabel="Sending...">
            Send Reset Link
          </DialogSubmitFooter>
        )}
      </form>
    </DialogShell>
  );
}
