// The mails about a quote that reach its customer: the quote sent from the app, the reminder before it expires, and
// the confirmation of an acceptance. Each has an HTML and a plain-text part saying the same; the quote is named by its
// number and package ("Q-000001 (Advanced)"), never by its internal name, and the mail greets once (docs/PRODUCT.md
// "Sending").
import type { QuoteAcceptance } from '../../../../db/schema';
import { formatAmsterdamTime, formatEuroText as euro } from '../../../shared/format';
import { quantityTimesPrice } from '../../../shared/quote-lines';
import { quoteLabel, type SharedLine, type SharedQuoteView } from '../../../shared/schemas/share';
import { formatDocumentDate } from '../../pdf/format';
import { escapeHtml } from './escape';

export interface QuoteMail {
  subject: string;
  html: string;
  text: string;
}

/** What a mail about a quote needs to know of it: the link's frozen view (figures, seller, contact, customer). */
type QuoteFacts = Pick<
  SharedQuoteView,
  'number' | 'revision' | 'packageName' | 'totalMonthly' | 'setupFees' | 'tcv' | 'seller' | 'preparedBy' | 'preparedFor'
>;

const day = (isoDate: string) => formatDocumentDate(new Date(`${isoDate}T12:00:00Z`));

/** A mail's parts: paragraphs (text), a table of figures, a call to action, the signature. */
interface Parts {
  /** null when the first paragraph greets already (the seller's own message) */
  greeting: string | null;
  paragraphs: string[];
  figures: [string, string][];
  action?: { label: string; url: string };
  after: string[];
  signature: string[];
}

function render(p: Parts): { html: string; text: string } {
  // a fingerprint or a link is one long word: it wraps on a phone rather than widening the mail
  const para = (t: string) =>
    `<p style="margin: 0 0 14px; overflow-wrap: anywhere; word-break: break-word;">${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const rows = p.figures
    .map(
      ([k, v]) =>
        `<tr><td style="padding: 4px 16px 4px 0; color: #5f6b7a;">${escapeHtml(k)}</td><td style="padding: 4px 0; text-align: right; font-weight: bold;">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const url = p.action && escapeHtml(p.action.url);
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a202c; line-height: 1.5; max-width: 640px;">
  ${p.greeting === null ? '' : para(p.greeting)}
  ${p.paragraphs.map(para).join('\n  ')}
  <table style="border-collapse: collapse; margin: 0 0 18px;">${rows}</table>
  ${
    p.action
      ? `<p style="margin: 0 0 8px;"><a href="${url}" style="display: inline-block; padding: 10px 18px; background: #1f4e79; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(p.action.label)}</a></p>
  <p style="margin: 0 0 14px; font-size: 13px; color: #5f6b7a; overflow-wrap: anywhere; word-break: break-word;">Or copy this link into your browser:<br><a href="${url}">${url}</a></p>`
      : ''
  }
  ${p.after.map(para).join('\n  ')}
  <p style="margin: 18px 0 0; color: #5f6b7a; font-size: 13px;">${p.signature.map(escapeHtml).join('<br>')}</p>
</body>
</html>
`;
  const text = [
    ...(p.greeting === null ? [] : [p.greeting]),
    ...p.paragraphs,
    p.figures.map(([k, v]) => `${k}: ${v}`).join('\n'),
    ...(p.action ? [`${p.action.label}:\n${p.action.url}`] : []),
    ...p.after,
    p.signature.join('\n'),
  ].join('\n\n');
  return { html, text: `${text}\n` };
}

function greetingOf(q: QuoteFacts): string {
  return q.preparedFor.name ? `Hello ${q.preparedFor.name},` : 'Hello,';
}

// The words a salutation opens with, in the languages the sellers write in (English, Dutch, German, French).
const GREETING_WORDS =
  /^(hi|hello|hey|hiya|dear|greetings|good (morning|afternoon|evening|day)|hallo|hoi|beste|geachte|goedemorgen|goedemiddag|goedenavond|liebe|lieber|sehr geehrte[rs]?|guten (morgen|tag|abend)|bonjour|bonsoir|cher|chère)\b/i;

/**
 * Whether the seller's message greets the customer itself: its first line opens with a greeting word ("Hi Jane,",
 * "Dear Ms Customer", "Good morning!") or is the customer's name with a comma ("Jane,"). Then the mail adds no greeting
 * of its own: one greeting, whatever the message starts with.
 */
export function messageGreets(message: string, customerName: string | null): boolean {
  const first = message.trim().split('\n', 1)[0]!.trim();
  if (GREETING_WORDS.test(first)) return true;
  const names = customerName ? [customerName, customerName.split(/\s+/)[0]!] : [];
  return names.some((n) => first.toLocaleLowerCase() === `${n},`.toLocaleLowerCase());
}

/** The owner's name and email, then the seller and its details: the customer's contact. */
function signatureOf(q: QuoteFacts): string[] {
  const s = q.seller;
  return [
    q.preparedBy.name,
    ...(q.preparedBy.email ? [q.preparedBy.email] : []),
    s.name,
    ...(s.address?.split('\n') ?? []),
    ...[s.email, s.phone, s.vatNumber && `VAT ${s.vatNumber}`].filter((v): v is string => !!v),
  ];
}

function figuresOf(q: QuoteFacts, validUntil?: string): [string, string][] {
  return [
    ['Monthly total', euro(q.totalMonthly)],
    ['One-time fees', euro(q.setupFees)],
    ['Total contract value', euro(q.tcv)],
    ...(validUntil ? [['Valid until', day(validUntil)] as [string, string]] : []),
  ];
}

/**
 * What a total alone does not say: each line of more than one ("Desk Sensor: 12 × €15.00 = €180.00") and each discount
 * that took something off (the seller's with its reason), as the PDF prints them; empty when there are none.
 */
function lineNotes(lines: readonly SharedLine[]): string[] {
  return lines.flatMap((l) => {
    const times = quantityTimesPrice(l);
    if (times !== undefined && !l.waived) return [`${l.label}: ${times} = ${euro(l.amount)}`];
    if (l.kind === 'discount' && Number(l.amount) !== 0) return [`${l.label}: ${euro(l.amount)}`];
    return [];
  });
}

/** The quote sent from the app: the seller's message, the figures, the validity, the link; the PDF is attached. */
export function quoteSentMail(p: {
  quote: QuoteFacts;
  lines: readonly SharedLine[];
  validUntil: string;
  url: string;
  message: string | null;
}): QuoteMail {
  const q = p.quote;
  const label = quoteLabel(q.number, q.packageName);
  const notes = lineNotes(p.lines);
  return {
    subject: `Quote ${label} from ${q.seller.name}`,
    ...render({
      greeting: p.message && messageGreets(p.message, q.preparedFor.name) ? null : greetingOf(q),
      paragraphs: [
        ...(p.message ? [p.message] : []),
        `Please find our quote ${label}, revision ${q.revision}, attached as a PDF. Its prices hold until ${day(p.validUntil)}.`,
        ...(notes.length > 0 ? [notes.join('\n')] : []),
      ],
      figures: figuresOf(q, p.validUntil),
      action: { label: 'View and accept the quote online', url: p.url },
      after: ['You can read it, download it and accept or decline it there; no account is needed.'],
      signature: signatureOf(q),
    }),
  };
}

/** The one reminder before a sent quote expires, with the same link. */
export function quoteReminderMail(p: { quote: QuoteFacts; validUntil: string; url: string }): QuoteMail {
  const q = p.quote;
  const label = quoteLabel(q.number, q.packageName);
  return {
    subject: `Reminder: quote ${label} from ${q.seller.name} is valid until ${day(p.validUntil)}`,
    ...render({
      greeting: greetingOf(q),
      paragraphs: [`A friendly reminder: our quote ${label} is valid until ${day(p.validUntil)}. After that day its prices no longer hold.`],
      figures: figuresOf(q, p.validUntil),
      action: { label: 'View and accept the quote online', url: p.url },
      after: ['If you have questions, simply reply to this email.'],
      signature: signatureOf(q),
    }),
  };
}

/** The customer's copy of what they accepted; the accepted PDF is attached. */
export function quoteConfirmationMail(p: { quote: QuoteFacts; acceptance: QuoteAcceptance }): QuoteMail {
  const q = p.quote;
  const a = p.acceptance;
  const label = quoteLabel(q.number, q.packageName);
  return {
    subject: `You accepted quote ${label} from ${q.seller.name}`,
    ...render({
      greeting: `Hello ${a.name},`,
      paragraphs: [
        `Thank you. This confirms that you accepted quote ${label}, revision ${a.revision}, on ${formatAmsterdamTime(a.at)}.`,
        ...(a.statement ? [`You confirmed: “${a.statement}”`] : []),
      ],
      figures: figuresOf(q),
      after: [
        'The accepted quote is attached as a PDF for your records.',
        ...(a.fingerprint ? [`Its fingerprint (SHA-256 of the accepted quote) is ${a.fingerprint}.`] : []),
        `${q.preparedBy.name} will be in touch about the next steps.`,
      ],
      signature: signatureOf(q),
    }),
  };
}
