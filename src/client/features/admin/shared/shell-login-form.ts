// The admin login form (docs/PRODUCT.md "The admin area"): the address must be a valid email ("Email address is required" when blank),
// the password is required, Remember me is optional.
import { z } from 'zod';

export const adminLoginForm = z.object({
  username: z.string().trim().min(1, 'Email address is required').email('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
  remember: z.boolean(),
});
export type AdminLoginValues = z.infer<typeof adminLoginForm>;

export const NOT_ADMIN_MESSAGE = 'This account does not have admin privileges';
export const LOGIN_FAILED_FALLBACK = 'Invalid email address or password';
