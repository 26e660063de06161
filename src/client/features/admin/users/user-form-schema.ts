// The Create New User and Edit User forms (docs/PRODUCT.md "The admin area"): every field required on create; on edit the password may
// stay blank (keeps the current one). The messages are the shared schemas' (the server says the same).
import { z } from 'zod';
import { createUserInput } from '../../../../shared/schemas/admin-users';
import { newPassword } from '../../../../shared/schemas/auth';

export const createUserForm = createUserInput;
export const editUserForm = createUserInput.extend({ password: z.union([z.literal(''), newPassword]) });
