// The REST door's routes, each with the procedure it calls and how the adapter fills that procedure's input (path
// parameters, query string, body). The description (./document.ts) is built from this table and the procedures' own
// zod schemas; tests/integration/openapi.test.ts holds the table equal to the routes the app answers.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestRoute {
  method: Method;
  /** As Hono registers it, under /api (`/packages/:id`). */
  path: string;
  /** The procedure's path (the operationId). */
  procedure: string;
  /** The success status. */
  status: 200 | 201 | 202 | 204;
  /** Path parameter → input key, where they differ (`:id` of a tier route is `packageId`). */
  params?: Record<string, string>;
  /** Input keys the adapter fixes itself (not sent by the client). */
  fixed?: string[];
  /** The body is this input property rather than the input itself. */
  bodyIs?: string;
  /** Query parameters the adapter reads besides the input (name → description). */
  query?: Record<string, string>;
  /** What the answer is when it is not JSON. */
  produces?: 'application/pdf' | 'text/csv' | 'text/html';
  summary?: string;
}

const r = (route: string, procedure: string, extra: Partial<RestRoute> = {}): RestRoute => {
  const [method, path] = route.split(' ') as [Method, string];
  const status = extra.status ?? (method === 'DELETE' ? 204 : 200);
  return { method, path, procedure, ...extra, status };
};
const created = { status: 201 } as const;
const pkg = { params: { id: 'packageId' } };

export const REST_ROUTES: readonly RestRoute[] = [
  r('GET /health', 'health'),
  r('POST /login', 'auth.login'),
  r('POST /logout', 'auth.logout'),
  r('GET /user', 'auth.me'),
  r('GET /auth/check', 'auth.check'),
  r('POST /register', 'auth.register', created),
  r('PATCH /user/profile', 'auth.updateProfile'),
  r('PATCH /profile', 'auth.updateProfile'),
  r('POST /password-reset/request', 'auth.requestPasswordReset'),
  r('POST /password-reset/reset', 'auth.resetPassword'),
  r('GET /account/api-keys', 'auth.apiKeys.list'),
  r('POST /account/api-keys', 'auth.apiKeys.create', created),
  r('DELETE /account/api-keys/:id', 'auth.apiKeys.revoke'),

  r('GET /packages', 'catalog.packages'),
  r('GET /addons', 'catalog.addOns'),
  r('GET /addon-categories', 'catalog.categories'),
  r('GET /discounts', 'catalog.discounts'),
  r('GET /company', 'catalog.company'),
  r('PUT /admin/company', 'admin.company.update'),

  r('POST /quote', 'quote.calculate'),
  r('POST /quote/pdf', 'quote.pdfData', { produces: 'application/pdf' }),

  r('GET /configurations', 'configurations.allWithTotal', { summary: 'A plain array, newest first, at most 1,000 rows; X-Total-Count, X-Truncated' }),
  r('GET /configurations/:id', 'configurations.get'),
  r('POST /configurations', 'configurations.create', created),
  r('PATCH /configurations/:id', 'configurations.update'),
  r('DELETE /configurations/:id', 'configurations.delete'),
  r('POST /configurations/:id/status', 'configurations.setStatus'),
  r('POST /configurations/:id/reprice', 'configurations.reprice'),
  r('POST /configurations/:id/duplicate', 'configurations.duplicate', created),
  r('GET /configurations/:id/revisions', 'configurations.revisions'),
  r('GET /configurations/:id/revisions/:n', 'configurations.revision', { params: { n: 'revision' } }),
  r('GET /configurations/:id/pdf', 'configurations.pdfData', { produces: 'application/pdf' }),
  r('POST /configurations/:id/share', 'configurations.share', created),
  r('GET /configurations/:id/share', 'configurations.link'),
  r('POST /configurations/:id/send', 'configurations.send'),
  r('DELETE /configurations/:id/share', 'configurations.unshare'),
  r('GET /configurations/:id/activity', 'configurations.activity'),

  r('GET /shared/:token', 'shared.view'),
  r('GET /shared/:token/pdf', 'shared.pdfData', { produces: 'application/pdf' }),
  r('POST /shared/:token/accept', 'shared.accept'),
  r('POST /shared/:token/decline', 'shared.decline'),

  r('POST /packages', 'admin.packages.create', created),
  r('PATCH /packages/:id', 'admin.packages.update'),
  r('DELETE /packages/:id', 'admin.packages.delete'),
  r('POST /packages/:id/pricetiers', 'admin.tiers.createUnit', { ...created, ...pkg }),
  r('PUT /packages/:id/pricetiers', 'admin.tiers.replace', { ...pkg, fixed: ['kind'] }),
  r('PATCH /packages/:id/pricetiers/:tierId', 'admin.tiers.updateUnit', pkg),
  r('DELETE /packages/:id/pricetiers/:tierId', 'admin.tiers.deleteUnit', pkg),
  r('POST /packages/:id/user-price-tiers', 'admin.tiers.createUser', { ...created, ...pkg }),
  r('PUT /packages/:id/user-price-tiers', 'admin.tiers.replace', { ...pkg, fixed: ['kind'] }),
  r('PATCH /packages/:id/user-price-tiers/:tierId', 'admin.tiers.updateUser', pkg),
  r('DELETE /packages/:id/user-price-tiers/:tierId', 'admin.tiers.deleteUser', pkg),
  r('POST /addons', 'admin.addOns.create', created),
  r('PATCH /addons/:id', 'admin.addOns.update'),
  r('DELETE /addons/:id', 'admin.addOns.delete'),
  r('POST /addon-categories', 'admin.categories.create', created),
  r('PATCH /addon-categories/:id', 'admin.categories.update'),
  r('DELETE /addon-categories/:id', 'admin.categories.delete'),
  r('POST /discounts', 'admin.discounts.create', created),
  r('PATCH /discounts/:id', 'admin.discounts.update'),
  r('DELETE /discounts/:id', 'admin.discounts.delete'),
  r('GET /admin/catalogue', 'admin.catalogue.export'),
  r('PUT /admin/catalogue', 'admin.catalogue.import', { bodyIs: 'catalogue', fixed: ['dryRun'], query: { dryRun: '`true`: answer what would change and change nothing' } }),

  r('GET /admin/users', 'admin.users.list'),
  r('POST /admin/users', 'admin.users.create', created),
  r('PATCH /admin/users/:id', 'admin.users.update'),
  r('DELETE /admin/users/:id', 'admin.users.delete'),
  r('POST /admin/users/:id/reset-link', 'admin.users.resetLink'),
  r('GET /admin/email-logs', 'admin.emailLogs.list'),
  r('GET /admin/audit', 'admin.audit.list', { summary: 'Newest first, one page; X-Total-Count' }),
  r('GET /admin/audit.csv', 'admin.audit.csv', { produces: 'text/csv' }),
  r('GET /admin/api-keys', 'admin.apiKeys.list'),
  r('DELETE /admin/api-keys/:id', 'admin.apiKeys.revoke'),

  r('GET /admin/webhooks', 'admin.webhooks.list'),
  r('POST /admin/webhooks', 'admin.webhooks.create', created),
  r('GET /admin/webhooks/:id', 'admin.webhooks.get'),
  r('PATCH /admin/webhooks/:id', 'admin.webhooks.update'),
  r('DELETE /admin/webhooks/:id', 'admin.webhooks.delete'),
  r('POST /admin/webhooks/:id/test', 'admin.webhooks.test', { status: 202 }),
  r('GET /admin/webhooks/:id/deliveries', 'admin.webhooks.deliveries'),
  r('POST /admin/webhooks/:id/deliveries/:deliveryId/resend', 'admin.webhooks.resend', { status: 202 }),

  r('GET /openapi.json', 'openapi', { summary: 'This description' }),
  r('GET /docs', 'apiDocs', { produces: 'text/html', summary: 'A reference page for this description' }),
];
