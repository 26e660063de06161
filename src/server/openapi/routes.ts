// The REST door's routes, each with the procedure it calls and how the adapter fills that procedure's input (path
// parameters, query string, body), and what each of those procedures takes and who may call it. The description
// (./document.ts) is built from these tables, the input schemas the procedures validate with (the same zod objects,
// imported from where they are defined) and ./answers.ts; tests/integration/openapi.test.ts holds the route table
// equal to the routes the app answers, each input schema's type equal to its procedure's input type, and each access
// level equal to what the procedure answers a caller signed out, a non-admin and a read-only key.
import type { z } from 'zod';
import { createUserInput, updateUserInput, userIdInput } from '../../shared/schemas/admin-users';
import { apiKeyIdInput, createApiKeyInput } from '../../shared/schemas/api-keys';
import { activityQueryInput, auditQueryInput } from '../../shared/schemas/audit';
import {
  loginInput,
  registerInput,
  requestPasswordResetInput,
  resetPasswordInput,
  updateProfileInput,
  verifyEmailInput,
} from '../../shared/schemas/auth';
import {
  createAddOnInput,
  createCategoryInput,
  createDiscountInput,
  createPackageInput,
  createUnitTierInput,
  createUserTierInput,
  deleteTierInput,
  idInput,
  replaceTiersInput,
  updateAddOnInput,
  updateCategoryInput,
  updateDiscountInput,
  updatePackageInput,
  updateUnitTierInput,
  updateUserTierInput,
} from '../../shared/schemas/catalog-admin';
import { catalogueImportInput } from '../../shared/schemas/catalogue-file';
import { companyInput } from '../../shared/schemas/company';
import {
  configurationAllInput,
  configurationCreateInput,
  configurationIdInput,
  configurationRevisionInput,
  configurationStatusInput,
  configurationUpdateInput,
} from '../../shared/schemas/configuration';
import { quoteFormInput } from '../../shared/schemas/quote';
import { acceptInput, declineInput, sendInput, shareTokenInput } from '../../shared/schemas/share';
import { createWebhookInput, deliveryIdInput, updateWebhookInput, webhookIdInput } from '../../shared/schemas/webhooks';
import type { Access, ProcedureMeta } from '../trpc/init';

/** Who may call a procedure (trpc/init.ts publicProcedure, protectedProcedure, adminProcedure) and what it takes. */
export interface ProcedureSpec {
  access: Access;
  /** The very schema the procedure's `.input()` is given. */
  input?: z.ZodType;
  /** The procedure's own API key rule (trpc/init.ts ProcedureMeta). */
  keys?: ProcedureMeta['keys'];
}
// Each keeps its schema's own type, which the test holds equal to the procedure's input type.
const spec =
  <A extends Access>(access: A) =>
  <S extends z.ZodType | undefined = undefined>(input?: S) => ({ access, input: input as S });
const pub = spec('public');
const user = spec('signedIn');
const admin = spec('admin');
/** A procedure a request signed with an API key may not call: a session only. */
const noKeys = <S extends object>(s: S) => ({ ...s, keys: 'none' as const });
/** A procedure a read key may not call, though it only reads. */
const noReadKeys = <S extends object>(s: S) => ({ ...s, keys: 'write' as const });

/** Every procedure a REST route calls. */
export const PROCEDURES = {
  health: pub(),
  openapi: pub(),
  apiDocs: pub(),
  'auth.login': pub(loginInput),
  'auth.logout': pub(),
  'auth.me': user(),
  'auth.check': pub(),
  'auth.register': pub(registerInput),
  'auth.updateProfile': user(updateProfileInput),
  'auth.requestPasswordReset': pub(requestPasswordResetInput),
  'auth.resetPassword': pub(resetPasswordInput),
  'auth.verifyEmail': pub(verifyEmailInput),
  'auth.resendVerification': user(),
  'auth.apiKeys.list': noKeys(user()),
  'auth.apiKeys.create': noKeys(user(createApiKeyInput)),
  'auth.apiKeys.revoke': noKeys(user(apiKeyIdInput)),

  'catalog.packages': user(),
  'catalog.addOns': user(),
  'catalog.categories': user(),
  'catalog.discounts': user(),
  'catalog.company': user(),
  'admin.company.update': admin(companyInput),

  'quote.calculate': user(quoteFormInput),
  'quote.pdfData': user(quoteFormInput),

  'configurations.allWithTotal': user(configurationAllInput),
  'configurations.get': user(configurationIdInput),
  'configurations.create': user(configurationCreateInput),
  'configurations.update': user(configurationUpdateInput),
  'configurations.delete': user(configurationIdInput),
  'configurations.setStatus': user(configurationStatusInput),
  'configurations.reprice': user(configurationIdInput),
  'configurations.duplicate': user(configurationIdInput),
  'configurations.revisions': user(configurationIdInput),
  'configurations.revision': user(configurationRevisionInput),
  'configurations.pdfData': user(configurationIdInput),
  'configurations.share': user(configurationIdInput),
  'configurations.link': noReadKeys(user(configurationIdInput)),
  'configurations.send': user(sendInput),
  'configurations.unshare': user(configurationIdInput),
  'configurations.activity': user(activityQueryInput),

  'shared.seller': pub(),
  'shared.view': pub(shareTokenInput),
  'shared.pdfData': pub(shareTokenInput),
  'shared.accept': pub(acceptInput),
  'shared.decline': pub(declineInput),

  'admin.packages.create': admin(createPackageInput),
  'admin.packages.update': admin(updatePackageInput),
  'admin.packages.delete': admin(idInput),
  'admin.tiers.createUnit': admin(createUnitTierInput),
  'admin.tiers.replace': admin(replaceTiersInput),
  'admin.tiers.updateUnit': admin(updateUnitTierInput),
  'admin.tiers.deleteUnit': admin(deleteTierInput),
  'admin.tiers.createUser': admin(createUserTierInput),
  'admin.tiers.updateUser': admin(updateUserTierInput),
  'admin.tiers.deleteUser': admin(deleteTierInput),
  'admin.addOns.create': admin(createAddOnInput),
  'admin.addOns.update': admin(updateAddOnInput),
  'admin.addOns.delete': admin(idInput),
  'admin.categories.create': admin(createCategoryInput),
  'admin.categories.update': admin(updateCategoryInput),
  'admin.categories.delete': admin(idInput),
  'admin.discounts.create': admin(createDiscountInput),
  'admin.discounts.update': admin(updateDiscountInput),
  'admin.discounts.delete': admin(idInput),
  'admin.catalogue.export': admin(),
  'admin.catalogue.import': admin(catalogueImportInput),

  'admin.users.list': admin(),
  'admin.users.create': admin(createUserInput),
  'admin.users.update': admin(updateUserInput),
  'admin.users.delete': admin(userIdInput),
  'admin.users.resetLink': admin(userIdInput),
  'admin.emailLogs.list': admin(),
  'admin.audit.list': admin(auditQueryInput),
  'admin.audit.csv': admin(auditQueryInput),
  'admin.apiKeys.list': noKeys(admin()),
  'admin.apiKeys.revoke': noKeys(admin(apiKeyIdInput)),

  'admin.webhooks.list': admin(),
  'admin.webhooks.create': admin(createWebhookInput),
  'admin.webhooks.get': admin(webhookIdInput),
  'admin.webhooks.update': admin(updateWebhookInput),
  'admin.webhooks.delete': admin(webhookIdInput),
  'admin.webhooks.test': admin(webhookIdInput),
  'admin.webhooks.deliveries': admin(webhookIdInput),
  'admin.webhooks.resend': admin(deliveryIdInput),
} satisfies Record<string, ProcedureSpec>;
export type RestProcedure = keyof typeof PROCEDURES;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestRoute {
  method: Method;
  /** As Hono registers it, under /api (`/packages/:id`). */
  path: string;
  /** The procedure's path (the operationId). */
  procedure: RestProcedure;
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
  /** The JSON answer is this property of the procedure's output (a list's `items`; the adapter sends the rest as headers). */
  answerIs?: 'items';
  /** What the answer is when it is not JSON. */
  produces?: 'application/pdf' | 'text/csv' | 'text/html';
  summary?: string;
}

const r = (route: string, procedure: RestProcedure, extra: Partial<RestRoute> = {}): RestRoute => {
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
  r('POST /verify-email', 'auth.verifyEmail'),
  r('POST /verify-email/resend', 'auth.resendVerification', { summary: 'At most 5 an hour; 429 with Retry-After beyond' }),
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

  r('GET /configurations', 'configurations.allWithTotal', {
    answerIs: 'items',
    summary: 'A plain array, newest first, at most 1,000 rows; X-Total-Count, X-Truncated',
  }),
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
  r('GET /configurations/:id/activity', 'configurations.activity', { answerIs: 'items', summary: 'Oldest first, one page; X-Total-Count' }),

  r('GET /shared', 'shared.seller'),
  r('GET /shared/:token', 'shared.view'),
  r('GET /shared/:token/pdf', 'shared.pdfData', { produces: 'application/pdf' }),
  r('POST /shared/:token/accept', 'shared.accept', { summary: 'The customer, signed out: a call signed in to the app is a 403' }),
  r('POST /shared/:token/decline', 'shared.decline', { summary: 'The customer, signed out: a call signed in to the app is a 403' }),

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
  r('PUT /admin/catalogue', 'admin.catalogue.import', {
    bodyIs: 'catalogue',
    fixed: ['dryRun'],
    query: { dryRun: '`true`: answer what would change and change nothing' },
  }),

  r('GET /admin/users', 'admin.users.list'),
  r('POST /admin/users', 'admin.users.create', created),
  r('PATCH /admin/users/:id', 'admin.users.update'),
  r('DELETE /admin/users/:id', 'admin.users.delete'),
  r('POST /admin/users/:id/reset-link', 'admin.users.resetLink'),
  r('GET /admin/email-logs', 'admin.emailLogs.list'),
  r('GET /admin/audit', 'admin.audit.list', { answerIs: 'items', summary: 'Newest first, one page; X-Total-Count' }),
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
