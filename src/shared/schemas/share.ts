// The share link and the customer's answers (docs/API.md "Share links"), shared by the customer's page and the server.
import { z } from 'zod';
import { emailField, INVALID_EMAIL } from './auth';
import { formatEuroText as euro } from '../format';
import { refineMultiLine, refineSingleLine } from './text';
import type { PaymentFrequency, QuoteStatus } from '../value-sets';

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
  signedIn:
    "You are signed in to the app: the customer answers from their own browser. To record an answer given another way, set the quote's status.",
} as const;
const m = shareMessages;

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

/**
 * One line of the customer's view, as the stored snapshot priced it and the PDF prints it (euro; amount as a
 * two-decimal string): a line that says nothing is left out, and a waived setup fee's unit price is the fee waived.
 */
export interface SharedLine {
  kind: string;
  period: 'monthly' | 'one_time';
  label: string;
  /** The PDF's muted second line: a discount's terms, a custom item's description, "Setup fee waived". */
  detail: string | null;
  quantity: number;
  unitPrice: number;
  amount: string;
  waived: boolean;
}

/** The seller as the customer's page, the PDF and the mails name it (frozen with the link). */
export interface SharedSeller {
  name: string;
  address: string | null;
  email: string | null;
  phone: string | null;
  vatNumber: string | null;
}

/**
 * GET /api/shared/{token}: the quote as the customer sees it. No id of a user or of any other quote, and not the
 * quote's internal name: the customer knows it by its number, package and their own name.
 */
export interface SharedQuoteView {
  number: string;
  revision: number;
  packageName: string;
  status: QuoteStatus;
  validUntil: string;
  expiresAt: string;
  expired: boolean;
  totalMonthly: string;
  setupFees: string;
  tcv: string;
  contractDuration: number;
  paymentFrequency: PaymentFrequency;
  seller: SharedSeller;
  /** The seller's terms as they stood when the link was made; shown before Accept. */
  terms: string | null;
  /** The quote's owner: the customer's contact. */
  preparedBy: { name: string; email: string | null };
  preparedFor: { company: string | null; name: string | null; email: string | null };
  lines: SharedLine[];
  /** The months paid (the contract term), those free on top of them, and the months in all. */
  paidMonths: number;
  freeMonths: number;
  contractMonths: number;
  /** The customer's acceptance of this link's revision, as recorded (fingerprint null for an old acceptance). */
  acceptance: { name: string; email: string; at: string; revision: number; fingerprint: string | null } | null;
  decline: { at: string; reason: string | null } | null;
  /** Whether the quote is still at the revision this link shows. */
  current: boolean;
  /**
   * Whether Accept and Decline are offered: sent, not expired, still at this link's revision, and read by the customer
   * (a browser signed in to the app is the seller's side: `notice` says so).
   */
  canRespond: boolean;
  /** Why the customer cannot answer (null while they can). */
  notice: string | null;
  /** The sentence the customer confirms by accepting; stored word for word with the acceptance. */
  statement: string;
}

/** How the customer's page and PDF name a quote: "Advanced for Contoso Ltd" (never its internal name). */
export function quoteTitle(packageName: string, preparedFor: { company: string | null; name: string | null }): string {
  const customer = preparedFor.company ?? preparedFor.name;
  return customer ? `${packageName} for ${customer}` : packageName;
}

/** How a mail to the customer names a quote, who needs no "for" themselves: "Q-000001 (Advanced)". */
export function quoteLabel(number: string, packageName: string): string {
  return `${number} (${packageName})`;
}

/** The sentence an acceptance confirms: the quote, its revision, the figures the customer sees, and the terms if any. */
export function acceptanceStatement(v: {
  number: string;
  revision: number;
  seller: { name: string };
  totalMonthly: string;
  setupFees: string;
  tcv: string;
  terms: string | null;
}): string {
  return (
    `I accept quote ${v.number}, revision ${v.revision}, from ${v.seller.name}: ${euro(v.totalMonthly)} per month, ` +
    `${euro(v.setupFees)} one-time fees, ${euro(v.tcv)} total contract value${v.terms ? `, under ${v.seller.name}'s terms shown with it` : ''}.`
  );
}

export const SEND_CC_MAX = 10;
export const SEND_MESSAGE_MAX = 2000;

const address = z.string().trim().max(254, INVALID_EMAIL).email(INVALID_EMAIL);

/** POST /api/configurations/{id}/send: to (default: the quote's customer email), cc (a list, or one comma-separated string), a message. */
export const sendInput = z.object({
  id: z.number().int().positive(),
  to: z
    .string()
    .trim()
    .max(254, INVALID_EMAIL)
    .refine((v) => v === '' || z.email().safeParse(v).success, INVALID_EMAIL)
    .nullish()
    .transform((v) => (v ? v : null)),
  cc: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((v) => (v == null ? [] : (Array.isArray(v) ? v : v.split(/[,;]/)).map((x) => x.trim()).filter((x) => x !== '')))
    .pipe(z.array(address).max(SEND_CC_MAX, `At most ${SEND_CC_MAX} cc addresses`)),
  message: z
    .string()
    .trim()
    .max(SEND_MESSAGE_MAX, `The message must be at most ${SEND_MESSAGE_MAX} characters`)
    .refine(...refineMultiLine('Message'))
    .nullish()
    .transform((v) => (v ? v : null)),
});
