// One door (docs/PRODUCT.md "The API's conventions"): every /api and /trpc request is answered by its tRPC procedure, through the middleware
// chain every procedure is built from. A watcher in the base procedure (trpc/init.ts watchProcedureCalls) sees each
// call; every documented REST path and every procedure is driven here, mostly on its success path and in a few
// refusals, and each request must have passed the chain exactly once, as the procedure it belongs to. A shortcut that
// answers in front of the router (or an adapter that calls a service itself) shows up as zero passes.
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRestApi } from '../../src/server/rest';
import { watchProcedureCalls, type ProcedureCall } from '../../src/server/trpc/init';
import { appRouter } from '../../src/server/trpc/root';
import { createServers } from '../support/real-http';
import { ADMIN, createTestApp, USER, type TestApp, type TestClient, type TestResponse } from '../support/test-app';
import { trpcBatch, trpcCall } from '../support/trpc-http';

let t: TestApp;
let passes: ProcedureCall[] = [];
let stopWatching: () => void;
const who: Record<'anonymous' | 'user' | 'admin', TestClient> = {} as never;
/** Ids made along the way (a package, a tier, a configuration, ...), read by the later steps. */
const ids: Record<string, number> = {};
/** The token of the share link made along the way (REST, then tRPC). */
let token = '';
/** The catalogue file exported along the way, imported back. */
let catalogueFile: unknown;
const tokenOf = (url: string) => url.split('/q/')[1]!;

beforeAll(async () => {
  t = await createTestApp();
  who.anonymous = t.client();
  who.user = t.client();
  who.admin = await t.login(ADMIN.email, ADMIN.password);
  stopWatching = watchProcedureCalls((call) => passes.push(call));
});
afterAll(() => {
  stopWatching();
  t.close();
});
afterEach(() => {
  passes = [];
});

type Who = keyof typeof who;
const quote = {
  packageId: 2,
  pricingModel: 'sqm',
  squareMeters: 1200,
  locations: 2,
  addOns: [{ id: 3, waiveSetupFee: true }],
  selectedDiscountIds: [1],
  contractDuration: 24,
  paymentFrequency: 'annually',
};
const saved = { name: 'One door', packageId: 2, squareMeters: 800, addOns: [3], discountIds: [1], contractDuration: 24 };
const newUser = {
  username: 'probe-user',
  email: 'probe-user@example.com',
  firstname: 'Probe',
  lastname: 'User',
  companyName: 'Probe BV',
  password: 'Probe12345',
  isAdmin: false,
};

interface RestStep {
  who: Who;
  /** The route as registered (method and Hono path), so that every registered route is known to be driven. */
  route: string;
  url: () => string;
  body?: () => unknown;
  procedure: string;
  status: number;
  /** Keeps an id of the answer for later steps. */
  keep?: (res: TestResponse) => void;
}

const rest = (who: Who, route: string, procedure: string, status: number, extra: Partial<RestStep> = {}): RestStep => {
  const [, path] = route.split(' ');
  return { who, route, procedure, status, url: () => `/api${path!.replace(/:(\w+)/g, (_, k: string) => String(ids[k]))}`, ...extra };
};

// In order: each step may use what the ones before it made.
const restSteps: RestStep[] = [
  rest('anonymous', 'GET /health', 'health', 200),
  rest('anonymous', 'GET /openapi.json', 'openapi', 200),
  rest('anonymous', 'GET /docs', 'apiDocs', 200),
  rest('anonymous', 'GET /auth/check', 'auth.check', 200),
  rest('anonymous', 'GET /user', 'auth.me', 401),
  rest('anonymous', 'GET /packages', 'catalog.packages', 401),
  rest('anonymous', 'POST /register', 'auth.register', 201, {
    body: () => ({
      username: 'door@example.com',
      email: 'door@example.com',
      firstname: 'Door',
      lastname: 'Test',
      companyName: 'Door BV',
      password: 'Door12345',
    }),
  }),
  rest('anonymous', 'POST /password-reset/request', 'auth.requestPasswordReset', 200, { body: () => ({ email: USER.email }) }),
  rest('anonymous', 'POST /password-reset/reset', 'auth.resetPassword', 400, { body: () => ({ token: 'not-a-token', newPassword: 'Another123' }) }),
  rest('anonymous', 'POST /verify-email', 'auth.verifyEmail', 400, { body: () => ({ token: 'not-a-token' }) }),
  rest('anonymous', 'POST /verify-email/resend', 'auth.resendVerification', 401),
  rest('user', 'POST /login', 'auth.login', 200, { body: () => ({ username: USER.email, password: USER.password }) }),
  rest('user', 'POST /verify-email/resend', 'auth.resendVerification', 200),
  rest('user', 'GET /user', 'auth.me', 200),
  rest('user', 'PATCH /user/profile', 'auth.updateProfile', 200, { body: () => ({ firstname: 'Demo' }) }),
  rest('user', 'PATCH /profile', 'auth.updateProfile', 200, { body: () => ({ lastname: 'User' }) }),
  rest('user', 'GET /packages', 'catalog.packages', 200),
  rest('user', 'GET /addons', 'catalog.addOns', 200),
  rest('user', 'GET /addon-categories', 'catalog.categories', 200),
  rest('user', 'GET /discounts', 'catalog.discounts', 200),
  rest('user', 'GET /company', 'catalog.company', 200),
  rest('user', 'POST /quote', 'quote.calculate', 200, { body: () => quote }),
  rest('user', 'POST /quote', 'quote.calculate', 400, { body: () => ({ ...quote, packageId: 'two' }) }),
  rest('user', 'POST /quote/pdf', 'quote.pdfData', 200, { body: () => quote }),
  rest('user', 'POST /configurations', 'configurations.create', 201, { body: () => saved, keep: (r) => (ids.config = r.body.id) }),
  rest('user', 'GET /configurations', 'configurations.allWithTotal', 200),
  rest('user', 'GET /configurations/:config', 'configurations.get', 200),
  rest('user', 'PATCH /configurations/:config', 'configurations.update', 200, { body: () => ({ squareMeters: 900 }) }),
  rest('user', 'GET /configurations/:config/pdf', 'configurations.pdfData', 200),
  rest('user', 'POST /configurations/:config/reprice', 'configurations.reprice', 200),
  rest('user', 'GET /configurations/:config/revisions', 'configurations.revisions', 200),
  rest('user', 'GET /configurations/:config/revisions/:first', 'configurations.revision', 200, {
    url: () => `/api/configurations/${ids.config}/revisions/1`,
  }),
  rest('user', 'POST /configurations/:config/duplicate', 'configurations.duplicate', 201),
  rest('user', 'POST /configurations/:config/status', 'configurations.setStatus', 200, { body: () => ({ status: 'sent' }) }),
  rest('user', 'POST /configurations/:config/status', 'configurations.setStatus', 409, { body: () => ({ status: 'sent' }) }),
  rest('user', 'POST /configurations/:config/share', 'configurations.share', 201, { keep: (r) => (token = tokenOf(r.body.url)) }),
  rest('user', 'GET /configurations/:config/share', 'configurations.link', 200),
  rest('user', 'POST /configurations/:config/send', 'configurations.send', 200, { body: () => ({ to: 'ada@example.com' }) }),
  rest('anonymous', 'GET /shared', 'shared.seller', 200),
  rest('anonymous', 'GET /shared/:token', 'shared.view', 200, { url: () => `/api/shared/${token}` }),
  rest('anonymous', 'GET /shared/:token/pdf', 'shared.pdfData', 200, { url: () => `/api/shared/${token}/pdf` }),
  rest('anonymous', 'POST /shared/:token/decline', 'shared.decline', 200, {
    url: () => `/api/shared/${token}/decline`,
    body: () => ({ reason: 'No' }),
  }),
  rest('anonymous', 'POST /shared/:token/accept', 'shared.accept', 409, {
    url: () => `/api/shared/${token}/accept`,
    body: () => ({ name: 'Ada', email: 'ada@example.com', consent: true }),
  }),
  rest('user', 'GET /configurations/:config/activity', 'configurations.activity', 200),
  rest('user', 'DELETE /configurations/:config/share', 'configurations.unshare', 204),
  rest('user', 'POST /packages', 'admin.packages.create', 403, { body: () => ({ name: 'Not mine' }) }),
  rest('user', 'DELETE /configurations/:config', 'configurations.delete', 204),
  rest('user', 'POST /account/api-keys', 'auth.apiKeys.create', 201, {
    body: () => ({ name: 'Door key', scope: 'read' }),
    keep: (r) => (ids.apiKey = r.body.id),
  }),
  rest('user', 'GET /account/api-keys', 'auth.apiKeys.list', 200),
  rest('user', 'DELETE /account/api-keys/:apiKey', 'auth.apiKeys.revoke', 204),
  rest('user', 'POST /logout', 'auth.logout', 200),
  rest('admin', 'POST /packages', 'admin.packages.create', 201, { body: () => ({ name: 'Door package' }), keep: (r) => (ids.pkg = r.body.id) }),
  rest('admin', 'PATCH /packages/:pkg', 'admin.packages.update', 200, { body: () => ({ basePrice: 10 }) }),
  rest('admin', 'PUT /admin/company', 'admin.company.update', 200, { body: () => ({ name: 'Door BV' }) }),
  rest('admin', 'POST /packages/:pkg/pricetiers', 'admin.tiers.createUnit', 201, {
    body: () => ({ minSqm: 0, maxSqm: 100, pricePerSqm: 2 }),
    keep: (r) => (ids.tier = r.body.id),
  }),
  rest('admin', 'PATCH /packages/:pkg/pricetiers/:tier', 'admin.tiers.updateUnit', 200, { body: () => ({ pricePerSqm: 3 }) }),
  rest('admin', 'DELETE /packages/:pkg/pricetiers/:tier', 'admin.tiers.deleteUnit', 204),
  rest('admin', 'PUT /packages/:pkg/pricetiers', 'admin.tiers.replace', 200, { body: () => ({ tiers: [{ min: 0, max: null, price: 2 }] }) }),
  rest('admin', 'POST /packages/:pkg/user-price-tiers', 'admin.tiers.createUser', 201, {
    body: () => ({ minUsers: 1, maxUsers: 10, pricePerUser: 9 }),
    keep: (r) => (ids.userTier = r.body.id),
  }),
  rest('admin', 'PATCH /packages/:pkg/user-price-tiers/:userTier', 'admin.tiers.updateUser', 200, { body: () => ({ pricePerUser: 8 }) }),
  rest('admin', 'DELETE /packages/:pkg/user-price-tiers/:userTier', 'admin.tiers.deleteUser', 204),
  rest('admin', 'PUT /packages/:pkg/user-price-tiers', 'admin.tiers.replace', 200, { body: () => ({ tiers: [{ min: 1, max: null, price: 9 }] }) }),
  rest('admin', 'POST /addon-categories', 'admin.categories.create', 201, {
    body: () => ({ name: 'Door category' }),
    keep: (r) => (ids.category = r.body.id),
  }),
  rest('admin', 'PATCH /addon-categories/:category', 'admin.categories.update', 200, { body: () => ({ allowsMultipleSelection: true }) }),
  rest('admin', 'POST /addons', 'admin.addOns.create', 201, {
    body: () => ({ name: 'Door add-on', categoryId: ids.category }),
    keep: (r) => (ids.addon = r.body.id),
  }),
  rest('admin', 'PATCH /addons/:addon', 'admin.addOns.update', 200, { body: () => ({ monthlyFee: 5 }) }),
  rest('admin', 'DELETE /addons/:addon', 'admin.addOns.delete', 204),
  rest('admin', 'DELETE /addon-categories/:category', 'admin.categories.delete', 204),
  rest('admin', 'POST /discounts', 'admin.discounts.create', 201, {
    body: () => ({ name: 'Door discount' }),
    keep: (r) => (ids.discount = r.body.id),
  }),
  rest('admin', 'PATCH /discounts/:discount', 'admin.discounts.update', 200, { body: () => ({ value: 5 }) }),
  rest('admin', 'DELETE /discounts/:discount', 'admin.discounts.delete', 204),
  rest('admin', 'DELETE /packages/:pkg', 'admin.packages.delete', 204),
  rest('admin', 'GET /admin/users', 'admin.users.list', 200),
  rest('admin', 'POST /admin/users', 'admin.users.create', 201, { body: () => newUser, keep: (r) => (ids.member = r.body.id) }),
  rest('admin', 'PATCH /admin/users/:member', 'admin.users.update', 200, { body: () => ({ firstname: 'Changed' }) }),
  rest('admin', 'POST /admin/users/:member/reset-link', 'admin.users.resetLink', 200),
  rest('admin', 'DELETE /admin/users/:member', 'admin.users.delete', 204),
  rest('admin', 'GET /admin/email-logs', 'admin.emailLogs.list', 200),
  rest('admin', 'GET /admin/audit', 'admin.audit.list', 200),
  rest('admin', 'GET /admin/audit.csv', 'admin.audit.csv', 200),
  rest('admin', 'POST /account/api-keys', 'auth.apiKeys.create', 201, {
    body: () => ({ name: 'Admin door key', scope: 'write' }),
    keep: (r) => (ids.adminKey = r.body.id),
  }),
  rest('admin', 'GET /admin/api-keys', 'admin.apiKeys.list', 200),
  rest('admin', 'DELETE /admin/api-keys/:adminKey', 'admin.apiKeys.revoke', 204),
  rest('admin', 'POST /admin/webhooks', 'admin.webhooks.create', 201, {
    body: () => ({ url: 'https://example.com/hook', events: ['quote.created'] }),
    keep: (r) => (ids.hook = r.body.id),
  }),
  rest('admin', 'GET /admin/webhooks', 'admin.webhooks.list', 200),
  rest('admin', 'GET /admin/webhooks/:hook', 'admin.webhooks.get', 200),
  rest('admin', 'PATCH /admin/webhooks/:hook', 'admin.webhooks.update', 200, { body: () => ({ active: false }) }),
  rest('admin', 'POST /admin/webhooks/:hook/test', 'admin.webhooks.test', 202, { keep: (r) => (ids.delivery = r.body.id) }),
  rest('admin', 'GET /admin/webhooks/:hook/deliveries', 'admin.webhooks.deliveries', 200),
  rest('admin', 'POST /admin/webhooks/:hook/deliveries/:delivery/resend', 'admin.webhooks.resend', 202),
  rest('admin', 'DELETE /admin/webhooks/:hook', 'admin.webhooks.delete', 204),
  rest('admin', 'GET /admin/catalogue', 'admin.catalogue.export', 200, { keep: (r) => (catalogueFile = r.body) }),
  rest('admin', 'PUT /admin/catalogue', 'admin.catalogue.import', 200, { url: () => '/api/admin/catalogue?dryRun=true', body: () => catalogueFile }),
  rest('admin', 'PUT /admin/catalogue', 'admin.catalogue.import', 400, { body: () => ({ version: 1 }) }),
];

interface TrpcStep {
  who: Who;
  procedure: string;
  type: 'query' | 'mutation';
  input?: () => unknown;
  status: number;
  keep?: (res: TestResponse) => void;
}
const call = (who: Who, type: TrpcStep['type'], procedure: string, status: number, extra: Partial<TrpcStep> = {}): TrpcStep => ({
  who,
  type,
  procedure,
  status,
  ...extra,
});
const data = (r: TestResponse) => r.body.result.data;

const trpcSteps: TrpcStep[] = [
  call('anonymous', 'query', 'health', 200),
  call('anonymous', 'query', 'openapi', 200),
  call('anonymous', 'query', 'apiDocs', 200),
  call('anonymous', 'query', 'auth.check', 200),
  call('anonymous', 'query', 'auth.demoHint', 200),
  call('anonymous', 'query', 'auth.me', 401),
  call('anonymous', 'mutation', 'auth.register', 200, {
    input: () => ({
      username: 'door2@example.com',
      email: 'door2@example.com',
      firstname: 'Door',
      lastname: 'Two',
      companyName: 'Door BV',
      password: 'Door12345',
    }),
  }),
  call('anonymous', 'mutation', 'auth.requestPasswordReset', 200, { input: () => ({ email: USER.email }) }),
  call('anonymous', 'mutation', 'auth.resetPassword', 400, { input: () => ({ token: 'not-a-token', newPassword: 'Another123' }) }),
  call('anonymous', 'query', 'auth.resetTokenStatus', 200, { input: () => ({ token: 'not-a-token' }) }),
  call('anonymous', 'mutation', 'auth.verifyEmail', 400, { input: () => ({ token: 'not-a-token' }) }),
  call('user', 'mutation', 'auth.login', 200, { input: () => ({ username: USER.email, password: USER.password }) }),
  call('user', 'mutation', 'auth.resendVerification', 200),
  call('user', 'query', 'auth.me', 200),
  call('user', 'mutation', 'auth.updateProfile', 200, { input: () => ({ companyName: 'Demo Company' }) }),
  call('user', 'query', 'catalog.all', 200),
  call('user', 'query', 'catalog.packages', 200),
  call('user', 'query', 'catalog.addOns', 200),
  call('user', 'query', 'catalog.categories', 200),
  call('user', 'query', 'catalog.discounts', 200),
  call('user', 'query', 'catalog.company', 200),
  call('user', 'mutation', 'quote.calculate', 200, { input: () => quote }),
  call('user', 'mutation', 'quote.pdfData', 200, { input: () => quote }),
  call('user', 'mutation', 'configurations.create', 200, { input: () => saved, keep: (r) => (ids.config = data(r).id) }),
  call('user', 'query', 'configurations.list', 200, { input: () => ({ scope: 'mine' }) }),
  call('user', 'query', 'configurations.all', 200, { input: () => ({ scope: 'mine' }) }),
  call('user', 'query', 'configurations.allWithTotal', 200, { input: () => ({}) }),
  call('user', 'query', 'configurations.get', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'mutation', 'configurations.update', 200, { input: () => ({ id: ids.config, locations: 3 }) }),
  call('user', 'query', 'configurations.pdfData', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'mutation', 'configurations.reprice', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'query', 'configurations.revisions', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'query', 'configurations.revision', 200, { input: () => ({ id: ids.config, revision: 1 }) }),
  call('user', 'mutation', 'configurations.duplicate', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'mutation', 'configurations.setStatus', 200, { input: () => ({ id: ids.config, status: 'sent' }) }),
  call('user', 'mutation', 'configurations.share', 200, { input: () => ({ id: ids.config }), keep: (r) => (token = tokenOf(data(r).url)) }),
  call('user', 'query', 'configurations.shareStatus', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'query', 'configurations.link', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'query', 'configurations.sendPreview', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'mutation', 'configurations.send', 200, { input: () => ({ id: ids.config, to: 'ada@example.com' }) }),
  call('anonymous', 'query', 'shared.seller', 200),
  call('anonymous', 'query', 'shared.view', 200, { input: () => ({ token }) }),
  call('anonymous', 'query', 'shared.pdfData', 200, { input: () => ({ token }) }),
  call('anonymous', 'mutation', 'shared.decline', 200, { input: () => ({ token }) }),
  call('anonymous', 'mutation', 'shared.accept', 409, { input: () => ({ token, name: 'Ada', email: 'ada@example.com', consent: true }) }),
  call('user', 'query', 'configurations.activity', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'mutation', 'configurations.unshare', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'mutation', 'configurations.delete', 200, { input: () => ({ id: ids.config }) }),
  call('user', 'mutation', 'admin.categories.create', 403, { input: () => ({ name: 'Not mine' }) }),
  call('user', 'mutation', 'auth.apiKeys.create', 200, {
    input: () => ({ name: 'Door key 2', scope: 'read' }),
    keep: (r) => (ids.apiKey = data(r).id),
  }),
  call('user', 'query', 'auth.apiKeys.list', 200),
  call('user', 'mutation', 'auth.apiKeys.revoke', 200, { input: () => ({ id: ids.apiKey }) }),
  call('user', 'mutation', 'auth.logout', 200),
  call('admin', 'mutation', 'admin.packages.create', 200, { input: () => ({ name: 'Door package 2' }), keep: (r) => (ids.pkg = data(r).id) }),
  call('admin', 'mutation', 'admin.packages.update', 200, { input: () => ({ id: ids.pkg, setupFee: 5 }) }),
  call('admin', 'mutation', 'admin.company.update', 200, { input: () => ({ name: 'Door BV' }) }),
  call('admin', 'mutation', 'admin.tiers.createUnit', 200, {
    input: () => ({ packageId: ids.pkg, minSqm: 0, maxSqm: 50, pricePerSqm: 2 }),
    keep: (r) => (ids.tier = data(r).id),
  }),
  call('admin', 'mutation', 'admin.tiers.updateUnit', 200, { input: () => ({ packageId: ids.pkg, tierId: ids.tier, pricePerSqm: 4 }) }),
  call('admin', 'mutation', 'admin.tiers.deleteUnit', 200, { input: () => ({ packageId: ids.pkg, tierId: ids.tier }) }),
  call('admin', 'mutation', 'admin.tiers.createUser', 200, {
    input: () => ({ packageId: ids.pkg, minUsers: 1, maxUsers: 5, pricePerUser: 7 }),
    keep: (r) => (ids.userTier = data(r).id),
  }),
  call('admin', 'mutation', 'admin.tiers.updateUser', 200, { input: () => ({ packageId: ids.pkg, tierId: ids.userTier, pricePerUser: 6 }) }),
  call('admin', 'mutation', 'admin.tiers.deleteUser', 200, { input: () => ({ packageId: ids.pkg, tierId: ids.userTier }) }),
  call('admin', 'mutation', 'admin.tiers.replace', 200, {
    input: () => ({ packageId: ids.pkg, kind: 'unit', tiers: [{ min: 0, max: null, price: 2 }] }),
  }),
  call('admin', 'mutation', 'admin.categories.create', 200, { input: () => ({ name: 'Door category 2' }), keep: (r) => (ids.category = data(r).id) }),
  call('admin', 'mutation', 'admin.categories.update', 200, { input: () => ({ id: ids.category, name: 'Door category 2b' }) }),
  call('admin', 'mutation', 'admin.addOns.create', 200, {
    input: () => ({ name: 'Door add-on 2', categoryId: ids.category }),
    keep: (r) => (ids.addon = data(r).id),
  }),
  call('admin', 'mutation', 'admin.addOns.update', 200, { input: () => ({ id: ids.addon, setupFee: 1 }) }),
  call('admin', 'mutation', 'admin.addOns.setAvailability', 200, { input: () => ({ id: ids.addon, availableForPackages: [ids.pkg] }) }),
  call('admin', 'mutation', 'admin.addOns.delete', 200, { input: () => ({ id: ids.addon }) }),
  call('admin', 'mutation', 'admin.categories.delete', 200, { input: () => ({ id: ids.category }) }),
  call('admin', 'mutation', 'admin.discounts.create', 200, { input: () => ({ name: 'Door discount 2' }), keep: (r) => (ids.discount = data(r).id) }),
  call('admin', 'mutation', 'admin.discounts.update', 200, { input: () => ({ id: ids.discount, value: 7 }) }),
  call('admin', 'mutation', 'admin.discounts.delete', 200, { input: () => ({ id: ids.discount }) }),
  call('admin', 'mutation', 'admin.packages.delete', 200, { input: () => ({ id: ids.pkg }) }),
  call('admin', 'query', 'admin.users.list', 200),
  call('admin', 'mutation', 'admin.users.create', 200, {
    input: () => ({ ...newUser, username: 'probe-2', email: 'probe-2@example.com' }),
    keep: (r) => (ids.member = data(r).id),
  }),
  call('admin', 'mutation', 'admin.users.update', 200, { input: () => ({ id: ids.member, lastname: 'Changed' }) }),
  call('admin', 'mutation', 'admin.users.resetLink', 200, { input: () => ({ id: ids.member }) }),
  call('admin', 'mutation', 'admin.users.delete', 200, { input: () => ({ id: ids.member }) }),
  call('admin', 'query', 'admin.emailLogs.list', 200),
  call('admin', 'query', 'admin.audit.list', 200, { input: () => ({}) }),
  call('admin', 'query', 'admin.audit.csv', 200, { input: () => ({ entity: 'quote' }) }),
  call('admin', 'mutation', 'auth.apiKeys.create', 200, {
    input: () => ({ name: 'Admin door key 2', scope: 'read' }),
    keep: (r) => (ids.adminKey = data(r).id),
  }),
  call('admin', 'query', 'admin.apiKeys.list', 200),
  call('admin', 'mutation', 'admin.apiKeys.revoke', 200, { input: () => ({ id: ids.adminKey }) }),
  call('admin', 'mutation', 'admin.webhooks.create', 200, {
    input: () => ({ url: 'https://example.com/hook', events: ['catalogue.changed'] }),
    keep: (r) => (ids.hook = data(r).id),
  }),
  call('admin', 'query', 'admin.webhooks.list', 200),
  call('admin', 'query', 'admin.webhooks.get', 200, { input: () => ({ id: ids.hook }) }),
  call('admin', 'mutation', 'admin.webhooks.update', 200, { input: () => ({ id: ids.hook, active: false }) }),
  call('admin', 'mutation', 'admin.webhooks.test', 200, { input: () => ({ id: ids.hook }), keep: (r) => (ids.delivery = data(r).id) }),
  call('admin', 'query', 'admin.webhooks.deliveries', 200, { input: () => ({ id: ids.hook }) }),
  call('admin', 'mutation', 'admin.webhooks.resend', 200, { input: () => ({ id: ids.hook, deliveryId: ids.delivery }) }),
  call('admin', 'mutation', 'admin.webhooks.delete', 200, { input: () => ({ id: ids.hook }) }),
  call('admin', 'query', 'admin.catalogue.export', 200),
  call('admin', 'mutation', 'admin.catalogue.import', 200, { input: () => ({ catalogue: catalogueFile, dryRun: true }) }),
];

/** Anonymous steps start without a cookie (the register steps sign their client in). */
const clientOf = (w: Who) => (w === 'anonymous' ? t.client() : who[w]);

const procedures = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures);
const registeredRoutes = createRestApi()
  .routes.filter((r) => r.method !== 'ALL')
  .map((r) => `${r.method} ${r.path}`);
const pathOf = (route: string) => route.replace(/:\w+/g, ':id');

describe('one door: every request passes its procedure’s chain exactly once', () => {
  it('the steps below drive every registered REST route and every procedure', () => {
    expect(new Set(registeredRoutes.map(pathOf))).toEqual(new Set(restSteps.map((s) => pathOf(s.route))));
    expect(new Set(procedures)).toEqual(new Set(trpcSteps.map((s) => s.procedure)));
  });

  it.each(restSteps.map((s) => [`${s.who}: ${s.route} → ${s.procedure} (${s.status})`, s] as const))('REST %s', async (_name, step) => {
    const method = step.route.split(' ')[0]!;
    const res = await clientOf(step.who).request(method, step.url(), step.body?.());
    expect(res.status, res.text).toBe(step.status);
    step.keep?.(res);
    expect(passes.map((p) => p.path)).toEqual([step.procedure]);
  });

  it.each(trpcSteps.map((s) => [`${s.who}: ${s.procedure} (${s.status})`, s] as const))('tRPC %s', async (_name, step) => {
    const res = await trpcCall(clientOf(step.who), step.type, step.procedure, step.input?.());
    expect(res.status, res.text).toBe(step.status);
    step.keep?.(res);
    expect(passes.map((p) => p.path)).toEqual([step.procedure]);
  });

  it('a tRPC batch passes the chain once per call', async () => {
    who.user = await t.login(USER.email, USER.password);
    passes = [];
    const res = await trpcBatch(who.user, 'query', [{ path: 'auth.check' }, { path: 'catalog.all' }, { path: 'auth.me' }]);
    expect(res.status).toBe(200);
    expect(passes.map((p) => p.path).sort()).toEqual(['auth.check', 'auth.me', 'catalog.all']);
  });

  it('requests refused in front of every procedure (unknown host, cross-site write) pass no procedure', async () => {
    const foreign = await who.user.request('GET', '/api/packages', undefined, { host: 'evil.example' });
    expect(foreign.status).toBe(403);
    const crossSite = await who.user.request('POST', '/api/quote', quote, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(passes).toEqual([]);
  });

  it('over real HTTP, as the process serves the app: the hot reads, the quote and the save each pass once', async () => {
    const servers = createServers();
    try {
      const port = await servers.listenApp(t.app);
      const cookie = who.user.cookie!;
      const headers = { cookie, host: new URL(t.config.appUrl).host, 'content-type': 'application/json' };
      const requests: [method: string, url: string, body?: unknown][] = [
        ['GET', '/api/auth/check'],
        ['GET', '/api/packages'],
        ['GET', '/trpc/catalog.all?batch=1&input=%7B%7D'],
        ['POST', '/api/quote', quote],
        ['POST', '/api/configurations', saved],
        ['GET', '/api/configurations'],
      ];
      for (const [method, url, body] of requests) {
        passes = [];
        const status = await new Promise<number>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          });
          req.on('error', reject);
          req.end(body === undefined ? undefined : JSON.stringify(body));
        });
        expect(status, url).toBeLessThan(300);
        expect(passes.length, url).toBe(1);
      }
    } finally {
      await servers.close();
    }
  });
});
