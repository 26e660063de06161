import { escapeHtml } from './escape';

export interface QuoteAnswerMail {
  subject: string;
  html: string;
  text: string;
}

/** To the quote's owner: the customer accepted or declined it through the share link. */
export function quoteAnswerMail(params: {
  answer: 'accepted' | 'declined';
  ownerName: string;
  number: string;
  quoteName: string;
  revision: number;
  customer: string;
  reason: string | null;
  quoteUrl: string;
}): QuoteAnswerMail {
  const verb = params.answer === 'accepted' ? 'accepted' : 'declined';
  const subject = `Quote ${params.number} was ${verb}`;
  const who = params.customer;
  const lines = [
    `${who} ${verb} quote ${params.number} "${params.quoteName}" (revision ${params.revision}).`,
    ...(params.answer === 'declined' ? [params.reason ? `Their reason: ${params.reason}` : 'They gave no reason.'] : []),
  ];
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a202c; line-height: 1.5;">
  <p>Hello ${escapeHtml(params.ownerName)},</p>
  ${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n  ')}
  <p><a href="${escapeHtml(params.quoteUrl)}">Open your saved quotes</a></p>
</body>
</html>
`;
  const text = `Hello ${params.ownerName},

${lines.join('\n\n')}

Open your saved quotes: ${params.quoteUrl}
`;
  return { subject, html, text };
}
