import { escapeHtml } from './escape';

export interface PasswordResetMail {
  subject: string;
  html: string;
  text: string;
}

/** The self-service reset mail: an HTML and a plain-text part carrying the same link. */
export function passwordResetMail(params: { firstname: string; resetUrl: string; validHours: number }): PasswordResetMail {
  const name = params.firstname.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const url = escapeHtml(params.resetUrl);
  const subject = 'Reset your password';
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a202c; line-height: 1.5;">
  <p>${escapeHtml(greeting)}</p>
  <p>We received a request to reset the password of your Quote Configurator account.</p>
  <p><a href="${url}" style="display: inline-block; padding: 10px 18px; background: #2b6cb0; color: #ffffff; text-decoration: none; border-radius: 4px;">Reset Password</a></p>
  <p>Or copy this link into your browser:<br><a href="${url}">${url}</a></p>
  <p>The link is valid for ${params.validHours} hours and can be used once.</p>
  <p>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>
</body>
</html>
`;
  const text = `${greeting}

We received a request to reset the password of your Quote Configurator account.

Set a new password here:
${params.resetUrl}

The link is valid for ${params.validHours} hours and can be used once.

If you did not ask for this, you can ignore this e-mail: your password stays as it is.
`;
  return { subject, html, text };
}
