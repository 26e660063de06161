// The Edit User form sends only what changed (docs/PRODUCT.md "The admin area"); a blank password keeps the current one.
import type { CreateUserInput, UserChanges } from '../../../../shared/schemas/admin-users';

/** The form holds what the create input holds; the edit form starts from the user without a password. */
export type UserFormValues = CreateUserInput;
export type EditableUser = Omit<CreateUserInput, 'password'>;

const TEXT_FIELDS = ['username', 'email', 'firstname', 'lastname', 'companyName'] as const;

export function userFormDefaults(user?: EditableUser): UserFormValues {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    companyName: user?.companyName ?? '',
    password: '',
    isAdmin: user?.isAdmin ?? false,
  };
}

/** Only the fields whose (trimmed) value differs from the user's; the password only when one was typed. */
export function changedUserFields(original: EditableUser, values: UserFormValues): UserChanges {
  const changes: UserChanges = {};
  for (const key of TEXT_FIELDS) {
    const value = values[key].trim();
    if (value !== original[key]) changes[key] = value;
  }
  if (values.password !== '') changes.password = values.password;
  if (values.isAdmin !== original.isAdmin) changes.isAdmin = values.isAdmin;
  return changes;
}
