// The share link and the customer's answers (docs/API.md "Share links"), shared by the customer's page and the server.
import { z } from 'zod';
import { emailField, INVALID_EMAIL } from './auth';
import { formatEuroAmount } from '../format';
import { refineMultiLine, refineSingleLine } from './text';

export const shareMessages = {
  linkInvalid: 'This quote link is not valid any more',
  name: 'Please enter your name',
  nameTooLong: 'Your name must be at most 200 characters',
  reasonTooLong: 'The reason must be at most 2000 characters',
  notOpen: 'This quote can no longer be accepted or declined',
  expired: 'This quote has expired and can no longer be accepted or declined',
  noLink: 'This quote has no live share link',
  changed: 'This quote has changed since it was sent to you',
  consent: 'Please confirm that you accept this quote',
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
  /** The customer ticked the box that shows `statement`: without it nothing is accepted. */
  consent: z.literal(true, { error: m.consent }),
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
  /** The customer's acceptance of this link's revision, as recorded (fingerprint null for an old acceptance). */
  acceptance: { name: string; email: string; at: string; revision: number; fingerprint: string | null } | null;
  decline: { at: string; reason: string | null } | null;
  /** Whether the quote is still at the revision this link shows. */
  current: boolean;
  /** Whether Accept and Decline are offered: sent, not expired, and still at this link's revision. */
  canRespond: boolean;
  /** Why the customer cannot answer (null while they can). */
  notice: string | null;
  /** The sentence the customer confirms by accepting; stored word for word with the acceptance. */
  statement: string;
}

/** The sentence an acceptance confirms: the quote, its revision and the figures the customer sees. */
export function acceptanceStatement(v: { number: string; revision: number; seller: string; totalMonthly: string; setupFees: string; tcv: string }): string {
  const euro = (s: string) => formatEuroAmount(Number(s));
  return (
    `I accept quote ${v.number}, revision ${v.revision}, from ${v.seller}: ${euro(v.totalMonthly)} per month, ` +
    `${euro(v.setupFees)} one-time fees, ${euro(v.tcv)} total contract value.`
  );
}
