import { escapeHtml } from './escape';

/**
 * The mail that proves an account holds its address: an HTML and a plain-text part carrying the same link. It goes to
 * an address nobody has proved yet, so it carries nothing the registrant typed (no name): registration cannot be used
 * to mail a stranger one's own words.
 */
export function emailVerificationMail(params: { verifyUrl: string; validHours: number }): { subject: string; html: string; text: string } {
  const greeting = 'Hello,';
  const url = escapeHtml(params.verifyUrl);
  const subject = 'Verify your email address';
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a202c; line-height: 1.5;">
  <p>${escapeHtml(greeting)}</p>
  <p>Please confirm that this is the address of your Quote Configurator account. Until you do, you cannot send quotes to customers from the app.</p>
  <p><a href="${url}" style="display: inline-block; padding: 10px 18px; background: #2b6cb0; color: #ffffff; text-decoration: none; border-radius: 4px;">Verify Email Address</a></p>
  <p>Or copy this link into your browser:<br><a href="${url}">${url}</a></p>
  <p>The link is valid for ${params.validHours} hours and can be used once.</p>
  <p>If you did not create this account, you can ignore this e-mail.</p>
</body>
</html>
`;
  const text = `${greeting}

Please confirm that this is the address of your Quote Configurator account. Until you do, you cannot send quotes to customers from the app.

Verify it here:
${params.verifyUrl}

The link is valid for ${params.validHours} hours and can be used once.

If you did not create this account, you can ignore this e-mail.
`;
  return { subject, html, text };
}
