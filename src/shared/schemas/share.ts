// The share link and the customer's answers (CONTRACT §7), shared by the customer's page and the server.
import { z } from 'zod';
import { emailField, INVALID_EMAIL } from './auth';
import { refineMultiLine, refineSingleLine } from './text';

export const shareMessages = {
  linkInvalid: 'This quote link is not valid any more',
  name: 'Please enter your name',
  nameTooLong: 'Your name must be at most 200 characters',
  reasonTooLong: 'The reason must be at most 2000 characters',
  notOpen: 'This quote can no longer be accepted or declined',
  expired: 'This quote has expired and can no longer be accepted or declined',
  noLink: 'This quote has no live share link',
} as const;
const m = shareMessages;

/** A share token as handed out (base32, 32 characters); anything else cannot be a link and is the same 404. */
export const SHARE_TOKEN_RE = /^[a-z2-7]{32}$/;
export const shareTokenInput = z.object({ token: z.string().max(200) });

export const acceptInput = shareTokenInput.extend({
  name: z
    .string({ error: m.name })
    .trim()
    .min(1, m.name)
    .max(200, m.nameTooLong)
    .refine(...refineSingleLine('Name')),
  email: emailField(INVALID_EMAIL),
});
export type AcceptInput = z.infer<typeof acceptInput>;

export const declineInput = shareTokenInput.extend({
  reason: z
    .string()
    .trim()
    .max(2000, m.reasonTooLong)
    .refine(...refineMultiLine('Reason'))
    .optional()
    .nullable(),
});
export type DeclineInput = z.infer<typeof declineInput>;

/** One line of the customer's view, as the stored snapshot priced it (euro; amount as a two-decimal string). */
export interface SharedLine {
  kind: string;
  period: 'monthly' | 'one_time';
  label: string;
  quantity: number;
  unitPrice: number;
  amount: string;
  waived: boolean;
}

/** GET /api/shared/{token}: the quote as the customer sees it. No id of a user or of any other quote. */
export interface SharedQuoteView {
  number: string;
  name: string;
  revision: number;
  status: 'draft' | 'sent' | 'accepted' | 'declined';
  validUntil: string;
  expiresAt: string;
  expired: boolean;
  totalMonthly: string;
  setupFees: string;
  tcv: string;
  contractDuration: number;
  paymentFrequency: 'monthly' | 'quarterly' | 'annually';
  seller: string;
  preparedBy: { name: string };
  preparedFor: { company: string | null; name: string | null; email: string | null };
  lines: SharedLine[];
  acceptance: { name: string; at: string; revision: number } | null;
  decline: { at: string; reason: string | null } | null;
  /** Whether Accept and Decline are offered: sent and not expired. */
  canRespond: boolean;
}
