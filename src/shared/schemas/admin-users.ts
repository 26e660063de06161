// Admin user management inputs (docs/PRODUCT.md "The admin area"): the create form requires every field; the edit form sends only what
// changed, and a blank password keeps the current one.
import { z } from 'zod';
import { when } from './answer-fields';
import { emailField, INVALID_EMAIL, nameField, newPassword, usernameField } from './auth';

const isAdminField = z.boolean({ error: 'isAdmin must be true or false' });
const userId = z.number({ error: 'User not found' }).int('User not found').positive('User not found');

export const createUserInput = z.object({
  username: usernameField,
  email: emailField(INVALID_EMAIL),
  firstname: nameField('First name', 1),
  lastname: nameField('Last name', 1),
  companyName: nameField('Company name', 1),
  password: newPassword,
  isAdmin: isAdminField,
});
export type CreateUserInput = z.infer<typeof createUserInput>;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

export const userChanges = z.object({
  username: usernameField.optional(),
  email: emailField(INVALID_EMAIL).optional(),
  firstname: nameField('First name', 1).optional(),
  lastname: nameField('Last name', 1).optional(),
  companyName: nameField('Company name', 1).optional(),
  password: z.preprocess(blankToUndefined, newPassword.optional()),
  isAdmin: isAdminField.optional(),
});
export type UserChanges = z.infer<typeof userChanges>;

export const updateUserInput = userChanges.extend({ id: userId });

export const userIdInput = z.object({ id: userId });

/** A reset link to hand over by other means (POST /api/admin/users/{id}/reset-link). */
export const resetLinkOutput = z.object({ resetUrl: z.string(), expiresAt: when() });
