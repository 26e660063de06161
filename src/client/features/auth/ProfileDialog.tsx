// Profile Settings (docs/PRODUCT.md "The calculator"): the email is read-only; a save refetches the current user.
import { Dialog, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { updateProfileInput } from '../../../shared/schemas/auth';
import { DialogShell, DialogSubmitFooter } from '../../components/DialogShell';
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { FormField } from './FormField';
import { ProfileNameFields } from './ProfileNameFields';

type User = RouterOutputs['auth']['me'];

// The dialog sends every field, so each one is required here; the messages are the shared schema's.
const profileForm = updateProfileInput.required();

const valuesOf = (u: User): z.input<typeof profileForm> => ({
  username: u.username,
  firstname: u.firstname,
  lastname: u.lastname,
  companyName: u.companyName,
});

export function ProfileDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm({ resolver: zodResolver(profileForm), defaultValues: valuesOf(user) });
  const errors = form.formState.errors;
  // focus starts in Username, not on the read-only email
  const usernameRef = useRef<HTMLInputElement | null>(null);
  const { ref: usernameFieldRef, ...usernameField } = form.register('username');
  const save = trpc.auth.updateProfile.useMutation({
    onSuccess: async () => {
      notify('success', 'Profile updated', 'Your profile changes have been saved.');
      await utils.auth.me.invalidate();
      onClose();
    },
    onError: (err) => notify('error', 'Error updating profile', errorMessage(err, 'Failed to update profile. Please try again.')),
  });

  // each opening starts from the saved values
  useEffect(() => {
    if (open) {
      form.reset(valuesOf(user));
      save.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <DialogShell
      open={open}
      onClose={onClose}
      busy={save.isPending}
      tall
      initialFocusEl={() => usernameRef.current}
      contentProps={{ maxW: 'lg' }}
      formProps={{ noValidate: true, onSubmit: form.handleSubmit((data) => save.mutate(data)) }}
    >
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
        <Dialog.Title>Profile Settings</Dialog.Title>
        <Text color="fg.muted" fontSize="sm">
          Update how your name and company appear on your quotes.
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label="Email" readOnly hint="Email cannot be changed for security reasons.">
            <Input value={user.email} readOnly bg="bg.muted" color="fg.muted" name="email" />
          </FormField>
          <FormField label="Username" error={errors.username?.message}>
            <Input
              autoComplete="username"
              {...usernameField}
              ref={(el) => {
                usernameFieldRef(el);
                usernameRef.current = el;
              }}
            />
          </FormField>
          <ProfileNameFields register={(name) => form.register(name)} errors={errors} />
          <Text fontSize="sm" color="fg.muted" bg="bg.subtle" rounded="md" px="3" py="2.5" borderWidth="1px">
            Want to change your password?{' '}
            <ChakraLink asChild color="blue.fg" fontWeight="medium">
              <button
                type="button"
                onClick={() =>
                  notify(
                    'info',
                    'Change your password',
                    'Log out and use the "Forgot your password?" option on the login screen to set a new password.',
                  )
                }
              >
                Use password reset
              </button>
            </ChakraLink>
          </Text>
        </Stack>
      </Dialog.Body>
      <DialogSubmitFooter onCancel={onClose} pending={save.isPending} pendingLabel="Saving...">
        Save Changes
      </DialogSubmitFooter>
    </DialogShell>
  );
}
