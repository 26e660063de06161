import { formatAmsterdamTime, formatEuroText as euro } from '../../../shared/format';
import { escapeHtml } from './escape';

export interface QuoteAnswerMail {
  subject: string;
  html: string;
  text: string;
}

/** To the quote's owner: the customer accepted or declined it, naming the revision and its figures. */
export function quoteAnswerMail(params: {
  answer: 'accepted' | 'declined';
  ownerName: string;
  number: string;
  /** "Advanced for Contoso Ltd" */
  title: string;
  revision: number;
  totalMonthly: string;
  tcv: string;
  customer: string;
  reason: string | null;
  quoteUrl: string;
  /** When the customer answered (ISO): named in Europe/Amsterdam with the zone, as on every screen. */
  at?: string;
}): QuoteAnswerMail {
  const verb = params.answer;
  const subject = `Quote ${params.number} was ${verb}: ${euro(params.totalMonthly)} per month, TCV ${euro(params.tcv)}`;
  const lines = [
    `${params.customer} ${verb} quote ${params.number} (${params.title}), revision ${params.revision}${params.at ? `, on ${formatAmsterdamTime(params.at)}` : ''}: ${euro(params.totalMonthly)} per month, total contract value ${euro(params.tcv)}.`,
    ...(params.answer === 'declined' ? [params.reason ? `Their reason: ${params.reason}` : 'They gave no reason.'] : []),
  ];
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a202c; line-height: 1.5;">
  <p>Hello ${escapeHtml(params.ownerName)},</p>
  ${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n  ')}
  <p><a href="${escapeHtml(params.quoteUrl)}">Open the quote</a></p>
</body>
</html>
`;
  const text = `Hello ${params.ownerName},

${lines.join('\n\n')}

Open the quote: ${params.quoteUrl}
`;
  return { subject, html, text };
}
