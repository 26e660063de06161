// Profile Settings (docs/PRODUCT.md "The calculator"): the email is read-only; a save refetches the current user.
import { Button, CloseButton, Dialog, Input, Link as ChakraLink, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { updateProfileInput } from '../../../shared/schemas/auth';
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { FormField } from './FormField';

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

  const close = () => !save.isPending && onClose();

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && close()}
      placement="center"
      scrollBehavior="inside"
      initialFocusEl={() => usernameRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content maxW="lg">
            <form noValidate onSubmit={form.handleSubmit((data) => save.mutate(data))} style={{ display: 'contents' }}>
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
              <Dialog.Footer>
                <Button variant="outline" onClick={close} disabled={save.isPending}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : 'Save Changes'}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={save.isPending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
