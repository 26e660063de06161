// Account inputs with the seed's exact messages (docs/PRODUCT.md "The calculator"). The forms and the server validate with these.
// Length caps (254 for addresses, 100 for names, 256 for passwords) keep absurd input out of the database; they are
// not in the seed, so their messages are ours.
import { z } from 'zod';
import { refineSingleLine } from './text';
import { int, when } from './answer-fields';

export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const INVALID_EMAIL = 'Please enter a valid email address';
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export const loginInput = z.object({
  username: z.string({ error: INVALID_EMAIL }).normalize('NFKC').trim().email(INVALID_EMAIL),
  password: z.string({ error: 'Password must be at least 8 characters' }).min(8, 'Password must be at least 8 characters'),
  /** Admin login's "Remember me": false makes a short browser-session login; absent or true, the standard one. */
  remember: z.boolean({ error: 'Remember must be true or false' }).optional(),
});

/** An address field; `message` is the seed's text for the form it is on. */
export function emailField(message: string) {
  return (
    z
      .string({ error: message })
      // compared and stored after NFKC (docs/PRODUCT.md "The API's conventions"): `a＠b.com` is `a@b.com`
      .normalize('NFKC')
      .trim()
      .max(EMAIL_MAX, `Email address must be at most ${EMAIL_MAX} characters`)
      .email(message)
  );
}

/** A trimmed name field of at least `min` characters, with the seed's "... is required" text. */
export function nameField(label: string, min: number) {
  const required = `${label} is required`;
  return z
    .string({ error: required })
    .trim()
    .min(min, required)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`)
    .refine(...refineSingleLine(label));
}

/** Registration and reset password rules (docs/PRODUCT.md "The calculator"). Passwords are never trimmed. Letters and digits of any script count. */
export const newPassword = z
  .string({ error: 'Password must be at least 8 characters long' })
  .min(PASSWORD_MIN, 'Password must be at least 8 characters long')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`)
  .regex(/\p{Lu}/u, 'Password must contain at least one uppercase letter')
  .regex(/\p{Ll}/u, 'Password must contain at least one lowercase letter')
  .regex(/\p{Nd}/u, 'Password must contain at least one number');

export const usernameField = z
  .string({ error: 'Username must be at least 3 characters' })
  .normalize('NFKC')
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(EMAIL_MAX, `Username must be at most ${EMAIL_MAX} characters`)
  .refine(...refineSingleLine('Username'));

const registerShape = {
  username: emailField('Must be a valid email address'),
  email: emailField('Must be a valid email address'),
  firstname: nameField('First name', 2),
  lastname: nameField('Last name', 2),
  companyName: nameField('Company name', 2),
  password: newPassword,
};

const sameAddress = (d: { username: string; email: string }) => d.username.toLowerCase() === d.email.toLowerCase();

/** POST /api/register. The username is the email address (compared without regard to case). */
export const registerInput = z.object(registerShape).refine(sameAddress, { message: 'Email addresses must match', path: ['email'] });
export type RegisterInput = z.infer<typeof registerInput>;

/** The Register tab: the same plus the confirm field, which is not sent. */
export const registerForm = z
  .object({ ...registerShape, confirmPassword: z.string({ error: PASSWORDS_DO_NOT_MATCH }) })
  .refine(sameAddress, { message: 'Email addresses must match', path: ['email'] })
  .refine((d) => d.password === d.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });

/** PATCH /api/user/profile: every field optional (only what is sent changes); an email in the body is ignored. */
export const updateProfileInput = z
  .object({
    username: usernameField,
    firstname: nameField('First name', 1),
    lastname: nameField('Last name', 1),
    companyName: nameField('Company name', 1),
  })
  .partial();
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/** POST /api/password-reset/request */
export const requestPasswordResetInput = z.object({ email: emailField(INVALID_EMAIL) });

const resetToken = z.string({ error: INVALID_RESET_LINK }).trim().min(1, INVALID_RESET_LINK).max(200, INVALID_RESET_LINK);

/** The reset page's check of its link when it opens. */
export const resetTokenStatusInput = z.object({ token: resetToken });

/** POST /api/password-reset/reset */
export const resetPasswordInput = z.object({
  token: resetToken,
  newPassword,
});

/** The Reset Password page's form (the token comes from the query string). */
export const resetPasswordForm = z
  .object({ newPassword, confirmPassword: z.string({ error: PASSWORDS_DO_NOT_MATCH }) })
  .refine((d) => d.newPassword === d.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });

/** Email verification (docs/API.md "Email verification"): the link's page posts its token. */
export const INVALID_VERIFICATION_LINK = 'Invalid or expired verification link';
export const EMAIL_VERIFIED_MESSAGE = 'Your email address has been verified.';
export const VERIFICATION_SENT_MESSAGE = 'A new verification link has been sent to your email address.';
export const ALREADY_VERIFIED_MESSAGE = 'Your email address is already verified.';
export const REGISTRATION_CLOSED = 'Registration is closed. Ask an administrator for an account.';
export const verificationLimitMessage = (minutes: number) =>
  `Too many verification emails. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** POST /api/verify-email */
export const verifyEmailInput = z.object({
  token: z.string({ error: INVALID_VERIFICATION_LINK }).trim().min(1, INVALID_VERIFICATION_LINK).max(200, INVALID_VERIFICATION_LINK),
});

/** The answer to every reset request, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE = 'If an account exists for that address, a password reset link has been sent.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been reset. You can now log in with your new password.';

/** The user object of every answer: never the password or its hash. */
export const userOutput = z.object({
  id: int(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  companyName: z.string(),
  isAdmin: z.boolean(),
  createdAt: when(),
  lastLogin: when().nullable(),
  /** Whether the account proved it holds its address: only a verified account sends quotes (docs/API.md "Email verification"). */
  emailVerified: z.boolean(),
});
export type UserDto = z.infer<typeof userOutput>;

/** The guards' session check (GET /api/auth/check); `registration` tells the auth page whether to offer Register. */
export const sessionCheckOutput = z.object({ authenticated: z.boolean(), isAdmin: z.boolean(), registration: z.enum(['open', 'closed']) });
export const resendVerificationOutput = z.object({ message: z.string(), sent: z.boolean() });
export const resetTokenStatusOutput = z.object({ usable: z.boolean() });
/** The admin login's demo credentials, or null once the demo admin is gone or its password changed. */
export const demoHintOutput = z.object({ email: z.string(), password: z.string() }).nullable();
