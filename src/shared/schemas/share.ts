// The share link and the customer's answers (docs/API.md "Share links"), shared by the customer's page and the server.
import { z } from 'zod';
import { emailField, INVALID_EMAIL } from './auth';
import { formatEuroText as euro } from '../format';
import { refineMultiLine, refineSingleLine } from './text';
import { PAYMENT_FREQUENCIES, QUOTE_STATUSES } from '../value-sets';
import { int, money, when } from './answer-fields';

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
export const sharedLineOutput = z.object({
  kind: z.string(),
  period: z.enum(['monthly', 'one_time']),
  label: z.string(),
  /** The PDF's muted second line: a discount's terms, a custom item's description, "Setup fee waived". */
  detail: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: money(),
  waived: z.boolean(),
});
export type SharedLine = z.infer<typeof sharedLineOutput>;

/** The seller as the customer's page, the PDF and the mails name it (frozen with the link). */
export const sharedSellerOutput = z.object({
  name: z.string(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  vatNumber: z.string().nullable(),
});
export type SharedSeller = z.infer<typeof sharedSellerOutput>;

/**
 * GET /api/shared/{token}: the quote as the customer sees it. No id of a user or of any other quote, and not the
 * quote's internal name: the customer knows it by its number, package and their own name.
 */
export const sharedViewOutput = z.object({
  number: z.string(),
  revision: int(),
  packageName: z.string(),
  status: z.enum(QUOTE_STATUSES),
  validUntil: z.string(),
  expiresAt: when(),
  expired: z.boolean(),
  totalMonthly: money(),
  setupFees: money(),
  tcv: money(),
  contractDuration: z.number(),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
  seller: sharedSellerOutput,
  /** The seller's terms as they stood when the link was made; shown before Accept. */
  terms: z.string().nullable(),
  /** The quote's owner: the customer's contact. */
  preparedBy: z.object({ name: z.string(), email: z.string().nullable() }),
  preparedFor: z.object({ company: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  lines: z.array(sharedLineOutput),
  /** The months paid (the contract term), those free on top of them, and the months in all. */
  paidMonths: int(),
  freeMonths: int(),
  contractMonths: int(),
  /** The customer's acceptance of this link's revision, as recorded (fingerprint null for an old acceptance). */
  acceptance: z.object({ name: z.string(), email: z.string(), at: when(), revision: int(), fingerprint: z.string().nullable() }).nullable(),
  decline: z.object({ at: when(), reason: z.string().nullable() }).nullable(),
  /** Whether the quote is still at the revision this link shows. */
  current: z.boolean(),
  /**
   * Whether Accept and Decline are offered: sent, not expired, still at this link's revision, and read by the customer
   * (a browser signed in to the app is the seller's side: `notice` says so).
   */
  canRespond: z.boolean(),
  /** Why the customer cannot answer (null while they can). */
  notice: z.string().nullable(),
  /** The sentence the customer confirms by accepting; stored word for word with the acceptance. */
  statement: z.string(),
});
export type SharedQuoteView = z.infer<typeof sharedViewOutput>;

/** Who sends the links, by name only (GET /api/shared). */
export const sharedSellerNameOutput = z.object({ name: z.string() });

/** A new share link (POST /api/configurations/{id}/share). */
export const shareLinkOutput = z.object({ url: z.string(), expiresAt: when() });
/** The live link (GET /api/configurations/{id}/share); url null for a link that can no longer be shown. */
export const liveLinkOutput = z.object({ url: z.string().nullable(), expiresAt: when(), revision: int() });

/** The live link as the share dialog shows it. */
export const liveShareOutput = z.object({
  /** Null for a link made before links could be shown again: it works, but only a new link can be copied. */
  url: z.string().nullable(),
  sharedAt: when(),
  expiresAt: when(),
  openedAt: when().nullable(),
  revision: int(),
  /** The address the quote was last mailed to with this link. */
  sentTo: z.string().nullable(),
});
export type LiveShare = z.infer<typeof liveShareOutput>;
export const shareStatusOutput = z.object({ live: liveShareOutput.nullable() });

/** What Send did (POST /api/configurations/{id}/send). */
export const sendResultOutput = z.object({
  to: z.string(),
  cc: z.array(z.string()),
  url: z.string(),
  expiresAt: when(),
  revision: int(),
  /** 'reused': the live link already showed this revision; 'new': a new link was made (any older one revoked). */
  link: z.enum(['reused', 'new']),
  /** Whether the mail left (false: it failed and is in the email log as failed; the link still works). */
  delivered: z.boolean(),
});
export type SendResult = z.infer<typeof sendResultOutput>;

/** The mail Send would write now, for the dialog's preview. */
export const sendPreviewOutput = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  to: z.string().nullable(),
  from: z.string(),
});

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
