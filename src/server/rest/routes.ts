// The REST door, one row a route: the procedure it calls, its success status, how the path parameters, the query
// string and the body fill that procedure's input, and what it answers. ./kit.ts registers every row; the API
// description (src/server/openapi/document.ts) is built from the same rows and the procedures themselves (access,
// API key rule, input and answer schemas); tests/integration/openapi.test.ts holds the rows equal to the routes the
// app answers.
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestRoute {
  method: Method;
  /** As Hono registers it, under /api (`/packages/:id`). */
  path: string;
  /** The procedure's path: the operationId, unless `operationId` names the row itself. */
  procedure: string;
  /**
   * The operationId where two rows call one procedure (an operationId is unique in a document): URL-safe, the
   * procedure's path with a word of the row's own.
   */
  operationId?: string;
  /** The success status. */
  status: 200 | 201 | 202 | 204;
  /** Path parameter → input key, where they differ (`:id` of a tier route is `packageId`). */
  params?: Record<string, string>;
  /** Input values the adapter fixes itself (not sent by the client). */
  fixed?: Record<string, string>;
  /** The body is this input property rather than the input itself. */
  bodyIs?: string;
  /** Flags of the query string the adapter reads into the input besides it (name → description): `true` or `false`. */
  query?: Record<string, string>;
  /**
   * The JSON answer is this property of the procedure's output (a list's `items`): the output's `total` is sent as
   * X-Total-Count, and its `truncated`, when true, as X-Truncated.
   */
  answerIs?: 'items';
  /**
   * What the answer is when it is not the output as JSON; such a route is answered by its own shaper (./answers.ts):
   * a rendered PDF, a streamed CSV, the description's own JSON text, the reference page.
   */
  produces?: 'application/pdf' | 'text/csv' | 'application/json' | 'text/html';
  /** A short sentence a script writer reads. */
  summary: string;
}

/** The parameters of a route's path, in order (`/packages/:id/pricetiers/:tierId` → id, tierId). */
export const pathParamsOf = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

const r = (route: string, procedure: string, summary: string, extra: Partial<RestRoute> = {}): RestRoute => {
  const [method, path] = route.split(' ') as [Method, string];
  const status = extra.status ?? (method === 'DELETE' ? 204 : 200);
  return { method, path, procedure, summary, ...extra, status };
};
const created = { status: 201 } as const;
const pkg = { params: { id: 'packageId' } };

export const REST_ROUTES: readonly RestRoute[] = [
  r('GET /health', 'health', 'Whether the server and its database answer'),
  r('POST /login', 'auth.login', 'Sign in: sets the session cookie'),
  r('POST /logout', 'auth.logout', 'Sign out: ends the session and clears its cookie'),
  r('GET /user', 'auth.me', 'The signed-in user'),
  r('GET /auth/check', 'auth.check', 'Whether the caller is signed in, as an admin, and whether registration is open'),
  r('POST /register', 'auth.register', 'Create an account and sign it in; mails the link that verifies its address', created),
  r('PATCH /user/profile', 'auth.updateProfile', "Change the signed-in user's names, company or address"),
  r('PATCH /profile', 'auth.updateProfile', "Change the signed-in user's names, company or address (another path for the same)", {
    operationId: 'auth.updateProfileAlias',
  }),
  r(
    'POST /password-reset/request',
    'auth.requestPasswordReset',
    'Mail a password reset link; the same answer whether or not the address has an account',
  ),
  r('POST /password-reset/reset', 'auth.resetPassword', "Set a new password with a reset link's token"),
  r('POST /verify-email', 'auth.verifyEmail', "Verify an address with the mailed link's token"),
  r('POST /verify-email/resend', 'auth.resendVerification', 'Mail a new verification link: at most 5 an hour; 429 with Retry-After beyond'),
  r('GET /account/api-keys', 'auth.apiKeys.list', "The caller's own API keys (never the keys themselves)"),
  r('POST /account/api-keys', 'auth.apiKeys.create', 'Make an API key: the answer holds the key, the only time it is shown', created),
  r('DELETE /account/api-keys/:id', 'auth.apiKeys.revoke', 'Revoke one of your own API keys'),

  r('GET /packages', 'catalog.packages', 'Every package with its features and price tiers'),
  r('GET /addons', 'catalog.addOns', 'Every add-on'),
  r('GET /addon-categories', 'catalog.categories', 'Every add-on category'),
  r('GET /discounts', 'catalog.discounts', 'Every discount with its conditions'),
  r('GET /company', 'catalog.company', 'The seller as customers see it'),
  r('PUT /admin/company', 'admin.company.update', 'Change the seller as customers see it'),

  r('POST /quote', 'quote.calculate', 'Price a quote form without saving it'),
  r('POST /quote/pdf', 'quote.pdfData', 'The PDF of an unsaved quote, priced now', { produces: 'application/pdf' }),

  r(
    'GET /configurations',
    'configurations.allWithTotal',
    'Saved quotes: a plain array, newest first, at most 1,000 rows; X-Total-Count, X-Truncated',
    {
      answerIs: 'items',
    },
  ),
  r('GET /configurations/:id', 'configurations.get', "A saved quote, and how today's catalogue would price it when that differs"),
  r('POST /configurations', 'configurations.create', 'Save a quote', created),
  r('PATCH /configurations/:id', 'configurations.update', 'Change a saved quote: a new revision when its figures change'),
  r('DELETE /configurations/:id', 'configurations.delete', 'Delete a saved quote'),
  r('POST /configurations/:id/status', 'configurations.setStatus', 'Move a quote on: draft, sent, accepted or declined'),
  r('POST /configurations/:id/reprice', 'configurations.reprice', "Price a saved quote on today's catalogue"),
  r('POST /configurations/:id/duplicate', 'configurations.duplicate', 'Copy a quote as a new draft of your own, priced today', created),
  r('GET /configurations/:id/revisions', 'configurations.revisions', 'Every revision of a quote, newest first, with what changed'),
  r('GET /configurations/:id/revisions/:n', 'configurations.revision', 'A quote as it was at one revision', { params: { n: 'revision' } }),
  r('GET /configurations/:id/pdf', 'configurations.pdfData', 'The PDF of a saved quote, as its stored snapshot priced it', {
    produces: 'application/pdf',
  }),
  r('POST /configurations/:id/share', 'configurations.share', 'Make a new share link for the customer (any older one revoked)', created),
  r('GET /configurations/:id/share', 'configurations.link', "The quote's live share link"),
  r('POST /configurations/:id/send', 'configurations.send', 'Mail the quote to its customer with its link and PDF'),
  r('DELETE /configurations/:id/share', 'configurations.unshare', "Revoke the quote's live share link"),
  r('GET /configurations/:id/activity', 'configurations.activity', "The quote's own audit entries, oldest first, one page; X-Total-Count", {
    answerIs: 'items',
  }),

  r('GET /shared', 'shared.seller', "The seller's name, for a page whose link is not valid"),
  r('GET /shared/:token', 'shared.view', 'The shared quote as its customer sees it'),
  r('GET /shared/:token/pdf', 'shared.pdfData', 'The PDF of the shared quote', { produces: 'application/pdf' }),
  r('POST /shared/:token/accept', 'shared.accept', 'The customer accepts the quote, signed out: a call signed in to the app is a 403'),
  r('POST /shared/:token/decline', 'shared.decline', 'The customer declines the quote, signed out: a call signed in to the app is a 403'),

  r('POST /packages', 'admin.packages.create', 'Create a package', created),
  r('PATCH /packages/:id', 'admin.packages.update', 'Change a package'),
  r('DELETE /packages/:id', 'admin.packages.delete', 'Delete a package'),
  r('POST /packages/:id/pricetiers', 'admin.tiers.createUnit', 'Add a square-metre price tier to a package', { ...created, ...pkg }),
  r('PUT /packages/:id/pricetiers', 'admin.tiers.replace', "Replace a package's square-metre price tiers", {
    ...pkg,
    fixed: { kind: 'unit' },
    operationId: 'admin.tiers.replaceUnit',
  }),
  r('PATCH /packages/:id/pricetiers/:tierId', 'admin.tiers.updateUnit', 'Change a square-metre price tier', pkg),
  r('DELETE /packages/:id/pricetiers/:tierId', 'admin.tiers.deleteUnit', 'Delete a square-metre price tier', pkg),
  r('POST /packages/:id/user-price-tiers', 'admin.tiers.createUser', 'Add a per-user price tier to a package', { ...created, ...pkg }),
  r('PUT /packages/:id/user-price-tiers', 'admin.tiers.replace', "Replace a package's per-user price tiers", {
    ...pkg,
    fixed: { kind: 'user' },
    operationId: 'admin.tiers.replaceUser',
  }),
  r('PATCH /packages/:id/user-price-tiers/:tierId', 'admin.tiers.updateUser', 'Change a per-user price tier', pkg),
  r('DELETE /packages/:id/user-price-tiers/:tierId', 'admin.tiers.deleteUser', 'Delete a per-user price tier', pkg),
  r('POST /addons', 'admin.addOns.create', 'Create an add-on', created),
  r('PATCH /addons/:id', 'admin.addOns.update', 'Change an add-on'),
  r('DELETE /addons/:id', 'admin.addOns.delete', 'Delete an add-on'),
  r('POST /addon-categories', 'admin.categories.create', 'Create an add-on category', created),
  r('PATCH /addon-categories/:id', 'admin.categories.update', 'Change an add-on category'),
  r('DELETE /addon-categories/:id', 'admin.categories.delete', 'Delete an add-on category'),
  r('POST /discounts', 'admin.discounts.create', 'Create a discount', created),
  r('PATCH /discounts/:id', 'admin.discounts.update', 'Change a discount'),
  r('DELETE /discounts/:id', 'admin.discounts.delete', 'Delete a discount'),
  r('GET /admin/catalogue', 'admin.catalogue.export', 'The whole catalogue as a file, everything named by name'),
  r('PUT /admin/catalogue', 'admin.catalogue.import', 'Make the catalogue equal to a file, or (dryRun) answer what that would change', {
    bodyIs: 'catalogue',
    query: { dryRun: '`true`: answer what would change and change nothing' },
  }),

  r('GET /admin/users', 'admin.users.list', 'Every account'),
  r('POST /admin/users', 'admin.users.create', 'Create an account', created),
  r('PATCH /admin/users/:id', 'admin.users.update', 'Change an account; a blank or absent password keeps the current one'),
  r('DELETE /admin/users/:id', 'admin.users.delete', 'Delete an account'),
  r('POST /admin/users/:id/reset-link', 'admin.users.resetLink', 'A password reset link to hand over by other means, valid 24 hours'),
  r('GET /admin/email-logs', 'admin.emailLogs.list', 'Every mail sent or tried, newest first'),
  r('GET /admin/audit', 'admin.audit.list', 'The audit trail, newest first, one page; X-Total-Count', { answerIs: 'items' }),
  r('GET /admin/audit.csv', 'admin.audit.csv', 'Every matching audit entry as CSV, streamed', { produces: 'text/csv' }),
  r('GET /admin/api-keys', 'admin.apiKeys.list', "Every account's API keys"),
  r('DELETE /admin/api-keys/:id', 'admin.apiKeys.revoke', 'Revoke any API key'),

  r('GET /admin/webhooks', 'admin.webhooks.list', 'Every webhook subscription'),
  r(
    'POST /admin/webhooks',
    'admin.webhooks.create',
    'Subscribe a URL to events: the answer holds the signing secret, the only time it is shown',
    created,
  ),
  r('GET /admin/webhooks/:id', 'admin.webhooks.get', 'A webhook subscription'),
  r('PATCH /admin/webhooks/:id', 'admin.webhooks.update', 'Change a webhook subscription'),
  r('DELETE /admin/webhooks/:id', 'admin.webhooks.delete', 'Delete a webhook subscription'),
  r('POST /admin/webhooks/:id/test', 'admin.webhooks.test', 'Queue a ping to the webhook; the answer is its delivery, pending', { status: 202 }),
  r('GET /admin/webhooks/:id/deliveries', 'admin.webhooks.deliveries', "The webhook's deliveries, newest first, at most 100"),
  r('POST /admin/webhooks/:id/deliveries/:deliveryId/resend', 'admin.webhooks.resend', "Send a delivery's event again as a new delivery", {
    status: 202,
  }),

  r('GET /openapi.json', 'openapi', 'This description', { produces: 'application/json' }),
  r('GET /docs', 'apiDocs', 'A reference page for this description', { produces: 'text/html' }),
];
