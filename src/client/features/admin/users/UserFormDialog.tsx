// "Create New User" and "Edit User" (docs/PRODUCT.md "The admin area"): username, email, names, company, password and the admin
// checkbox. Edit sends only the changed fields; a blank password keeps the current one.
import { Checkbox, Dialog, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { DialogShell, DialogSubmitFooter } from '../../../components/DialogShell';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { UserChanges } from '../../../../shared/schemas/admin-users';
import type { RouterOutputs } from '../../../lib/trpc';
import { createUserForm, editUserForm } from './user-form-schema';
import { changedUserFields, userFormDefaults, type UserFormValues } from './user-changes';

export type AdminUser = RouterOutputs['admin']['users']['list'][number];

export type UserFormResult = { mode: 'create'; values: UserFormValues } | { mode: 'edit'; user: AdminUser; changes: UserChanges };

export function UserFormDialog({
  open,
  user,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** null: create */
  user: AdminUser | null;
  pending: boolean;
  onSubmit: (result: UserFormResult) => void;
  onClose: () => void;
}) {
  const editing = user !== null;
  const form = useForm<UserFormValues>({
    resolver: zodResolver(editing ? editUserForm : createUserForm),
    defaultValues: userFormDefaults(user ?? undefined),
  });
  const errors = form.formState.errors;

  useEffect(() => {
    if (open) form.reset(userFormDefaults(user ?? undefined));
  }, [open, user, form]);

  const submit = form.handleSubmit((values) => {
    if (user) onSubmit({ mode: 'edit', user, changes: changedUserFields(user, values) });
    else onSubmit({ mode: 'create', values });
  });

  const text = (name: 'username' | 'email' | 'firstname' | 'lastname' | 'companyName', label: string, type = 'text', autoComplete = 'off') => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input type={type} autoComplete={autoComplete} {...form.register(name)} />
      <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <DialogShell
      open={open}
      onClose={onClose}
      busy={pending}
      size="lg"
      scrollBehavior="inside"
      contentProps={{ mx: '3' }}
      formProps={{ noValidate: true, onSubmit: submit, 'aria-label': editing ? 'Edit User' : 'Create New User' }}
    >
      <Dialog.Header>
        <Dialog.Title>{editing ? 'Edit User' : 'Create New User'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {text('username', 'Username')}
          {text('email', 'Email', 'email')}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {text('firstname', 'First Name')}
            {text('lastname', 'Last Name')}
          </SimpleGrid>
          {text('companyName', 'Company')}
          <Field.Root invalid={Boolean(errors.password)} required={!editing}>
            <Field.Label>
              {editing ? 'New Password' : 'Password'}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
            {errors.password ? (
              <Field.ErrorText>{errors.password.message}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                {editing ? 'Leave blank to keep the current password.' : 'At least 8 characters, with upper and lower case and a number.'}
              </Field.HelperText>
            )}
          </Field.Root>
          <Controller
            control={form.control}
            name="isAdmin"
            render={({ field }) => (
              <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} name={field.name}>
                <Checkbox.HiddenInput onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>User has admin privileges</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        </Stack>
      </Dialog.Body>
      <DialogSubmitFooter onCancel={onClose} pending={pending}>
        {editing ? 'Save Changes' : 'Create User'}
      </DialogSubmitFooter>
    </DialogShell>
  );
}
