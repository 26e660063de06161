import { formatAmsterdamTime } from '../../../shared/format';
import { escapeHtml } from './escape';

export interface ApiKeyCreatedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * To a key's owner when a key is made (docs/API.md "API keys"): its name, its prefix and when, so a key made by
 * someone else with a stolen session is noticed. Never the key itself.
 */
export function apiKeyCreatedMail(params: {
  firstname: string;
  name: string;
  prefix: string;
  scope: 'read' | 'write';
  at: Date;
  appUrl: string;
}): ApiKeyCreatedMail {
  const name = params.firstname.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const access = params.scope === 'write' ? 'read and write' : 'read-only';
  const when = formatAmsterdamTime(params.at);
  const subject = 'A new API key was created';
  const made = `A new ${access} API key was created for your Quote Configurator account on ${when}.`;
  const notYou =
    'If you did not create it, revoke it at once in the app (your name at the top right, then API keys) and change your password with "Forgot your password?" on the login screen: a new password also ends every API key of your account.';
  const url = escapeHtml(params.appUrl);
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a202c; line-height: 1.5;">
  <p>${escapeHtml(greeting)}</p>
  <p>${escapeHtml(made)}</p>
  <table style="border-collapse: collapse; margin: 0 0 14px;">
    <tr><td style="padding: 4px 16px 4px 0; color: #5f6b7a;">Name</td><td style="padding: 4px 0; font-weight: bold;">${escapeHtml(params.name)}</td></tr>
    <tr><td style="padding: 4px 16px 4px 0; color: #5f6b7a;">Key starts with</td><td style="padding: 4px 0; font-family: monospace;">${escapeHtml(params.prefix)}…</td></tr>
  </table>
  <p>If this was you, there is nothing to do.</p>
  <p>${escapeHtml(notYou)}</p>
  <p><a href="${url}">Open Quote Configurator</a></p>
</body>
</html>
`;
  const text = `${greeting}

${made}

Name: ${params.name}
Key starts with: ${params.prefix}…

If this was you, there is nothing to do.

${notYou}

${params.appUrl}
`;
  return { subject, html, text };
}
