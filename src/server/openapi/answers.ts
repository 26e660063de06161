// What each REST operation answers, as zod schemas the description (./document.ts) converts to JSON Schema. They
// describe, they do not validate: no procedure declares them as its .output(), which would parse and strip every
// answer on the way out (docs/DECISIONS.md "Scripts and other systems"). Two checks keep them true instead:
// tests/integration/openapi.test.ts holds each schema's type equal to its procedure's output type, and validates real
// answers against the document, where an undescribed field or a missing one fails.
import { z } from 'zod';
import { adminApiKeyOutput, apiKeyOutput, createdApiKeyOutput } from '../../shared/schemas/api-keys';
import { catalogueImportOutput } from '../../shared/schemas/catalogue-file';
import { PAYMENT_FREQUENCIES, PRICING_MODELS, QUOTE_STATUSES } from '../../shared/value-sets';
import { createdWebhookOutput, deliveryOutput, webhookOutput } from '../../shared/schemas/webhooks';

const int = () => z.number().int();
/** Money as the API answers it: a two-decimal string (docs/PRODUCT.md "The API's conventions"). */
const money = () => z.string().describe('Euro, two decimals');
const when = () => z.string().describe('ISO 8601');
const nullable = <T extends z.ZodType>(t: T) => t.nullable();

const success = z.object({ success: z.boolean() });
const message = z.object({ message: z.string() });
/** Any JSON value, always present (z.unknown() would make its key optional). */
const anyValue = () => z.custom<unknown>((v) => v !== undefined);

const user = z.object({
  id: int(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  companyName: z.string(),
  isAdmin: z.boolean(),
  createdAt: when(),
  lastLogin: nullable(when()),
  emailVerified: z.boolean(),
});

const priceTier = z.object({ id: int(), packageId: int(), minSqm: int(), maxSqm: nullable(int()), pricePerSqm: money() });
const userPriceTier = z.object({ id: int(), packageId: int(), minUsers: int(), maxUsers: nullable(int()), pricePerUser: money() });
const pkg = z.object({
  id: int(),
  name: z.string(),
  description: z.string(),
  basePrice: money(),
  setupFee: money(),
  extraLocationPrice: money(),
  features: z.array(z.object({ id: int(), text: z.string(), included: z.boolean() })),
  priceTiers: z.array(priceTier),
  userPriceTiers: z.array(userPriceTier),
  createdAt: when(),
});
const addOn = z.object({
  id: int(),
  name: z.string(),
  description: z.string(),
  categoryId: nullable(int()),
  setupFee: money(),
  monthlyFee: money(),
  availableForPackages: z.array(int()),
});
const category = z.object({ id: int(), name: z.string(), icon: nullable(z.string()), allowsMultipleSelection: z.boolean() });
const discount = z.object({
  id: int(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  value: z.string(),
  conditions: z.array(z.object({ id: int(), type: z.string(), operator: z.string(), value: z.unknown().optional() })),
});

const company = z.object({
  name: z.string(),
  address: nullable(z.string()),
  email: nullable(z.string()),
  phone: nullable(z.string()),
  vatNumber: nullable(z.string()),
  terms: nullable(z.string()),
});

const frequency = z.enum(PAYMENT_FREQUENCIES);
const customItem = z.object({ id: z.string(), name: z.string(), description: z.string(), isOneTime: z.boolean(), price: z.number() });

/** The engine's answer (shared/pricing/to-json.ts): money as euro numbers, exact to the cent. */
const quoteResult = z.object({
  packageId: int(),
  pricingModel: z.enum(PRICING_MODELS),
  squareMeters: z.number(),
  userCount: z.number(),
  locations: z.number(),
  addOns: z.array(z.object({ id: int(), waiveSetupFee: z.boolean() })),
  customItems: z.array(customItem),
  selectedDiscountIds: z.array(int()),
  paymentFrequency: frequency,
  contractDuration: z.number(),
  packageName: z.string(),
  basePrice: z.number(),
  sqmPrice: z.number(),
  pricePerSqm: z.number(),
  originalPricePerSqm: z.number(),
  userPrice: z.number(),
  pricePerUser: z.number(),
  originalPricePerUser: z.number(),
  additionalLocationCost: z.number(),
  totalMonthlyBasePrice: z.number(),
  addOnsFees: z.number(),
  customRecurring: z.number(),
  subtotal: z.number(),
  discounts: z.array(z.object({ id: int(), name: z.string(), type: z.string(), amount: z.number(), value: z.number() })),
  totalDiscounts: z.number(),
  tax: z.number(),
  total: z.number(),
  yearlyTotal: z.number(),
  setupFees: z.number(),
  packageSetupFee: z.number(),
  addOnsSetupFees: z.number(),
  customOneTime: z.number(),
  setupDiscount: z.number(),
  oneTimeCosts: z.number(),
  tcv: z.number(),
  paidMonths: z.number(),
  freeMonths: z.number(),
  contractMonths: z.number(),
  breakdowns: z.array(
    z.object({
      kind: z.enum(['base', 'variable', 'locations', 'addon', 'addon_setup', 'package_setup', 'custom_recurring', 'custom_one_time', 'discount']),
      period: z.enum(['monthly', 'one_time']),
      label: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      amount: z.number(),
      refId: z.union([int(), z.string()]).optional(),
      waived: z.boolean().optional(),
      originalAmount: z.number().optional(),
    }),
  ),
});

const acceptance = z.object({
  name: z.string(),
  email: z.string(),
  at: when(),
  revision: int(),
  address: z.string(),
  totalMonthly: money().optional(),
  setupFees: money().optional(),
  tcv: money().optional(),
  statement: z.string().optional(),
  fingerprint: z.string().optional(),
});
const decline = z.object({ at: when(), reason: nullable(z.string()) });

/** A saved quote as the lists answer it (services/configuration-types.ts). */
const configuration = z.object({
  id: int(),
  name: z.string(),
  userId: int(),
  packageId: int(),
  packageName: z.string(),
  locations: z.number(),
  squareMeters: z.number(),
  userCount: z.number(),
  pricingModel: z.enum(PRICING_MODELS),
  addOns: z.array(z.string()),
  addOnSelections: z.array(z.object({ id: int(), waiveSetupFee: z.boolean() })),
  discountIds: z.array(int()),
  contractDuration: z.number(),
  paymentFrequency: frequency,
  customItems: z.array(customItem),
  totalMonthly: money(),
  setupFees: money(),
  tcv: money(),
  createdBy: z.string(),
  createdAt: when(),
  updatedAt: when(),
  number: z.string(),
  revision: int(),
  status: z.enum(QUOTE_STATUSES),
  expired: z.boolean(),
  validUntil: z.string().describe('YYYY-MM-DD'),
  customerCompany: nullable(z.string()),
  customerName: nullable(z.string()),
  customerEmail: nullable(z.string()),
  acceptance: nullable(acceptance),
  decline: nullable(decline),
  views: z.object({ count: int(), firstAt: nullable(when()), lastAt: nullable(when()) }),
  linkRevision: nullable(int()),
});
const snapshot = quoteResult.extend({ addOnNames: z.array(z.string()), pricedAt: when() });
const configurationDetail = configuration.extend({ snapshot });
const drift = z.object({ totalMonthly: money(), setupFees: money(), tcv: money() });
const configurationWithDrift = configurationDetail.extend({ catalogDrift: nullable(drift) });

const auditEntry = z.object({
  id: int(),
  at: when(),
  userId: nullable(int()),
  actor: z.string(),
  entity: z.string(),
  entityId: nullable(int()),
  action: z.string(),
  before: anyValue(),
  after: anyValue(),
});
const auditPage = z.object({ items: z.array(auditEntry), total: int() });
/** The admin's page also names the quotes on it (by id), which the REST door leaves out with the total. */
const adminAuditPage = auditPage.extend({ quoteNumbers: z.record(z.string(), z.string()) });

const sharedView = z.object({
  number: z.string(),
  revision: int(),
  packageName: z.string(),
  status: z.enum(QUOTE_STATUSES),
  validUntil: z.string(),
  expiresAt: when(),
  expired: z.boolean(),
  totalMonthly: money(),
  setupFees: money(),
  tcv: money(),
  contractDuration: z.number(),
  paymentFrequency: frequency,
  seller: company.omit({ terms: true }),
  terms: nullable(z.string()),
  preparedBy: z.object({ name: z.string(), email: nullable(z.string()) }),
  preparedFor: z.object({ company: nullable(z.string()), name: nullable(z.string()), email: nullable(z.string()) }),
  lines: z.array(
    z.object({
      kind: z.string(),
      period: z.enum(['monthly', 'one_time']),
      label: z.string(),
      detail: nullable(z.string()),
      quantity: z.number(),
      unitPrice: z.number(),
      amount: money(),
      waived: z.boolean(),
    }),
  ),
  paidMonths: int(),
  freeMonths: int(),
  contractMonths: int(),
  acceptance: nullable(z.object({ name: z.string(), email: z.string(), at: when(), revision: int(), fingerprint: nullable(z.string()) })),
  decline: nullable(decline),
  current: z.boolean(),
  canRespond: z.boolean(),
  notice: nullable(z.string()),
  statement: z.string(),
});

const catalogueFile = z.object({
  version: z.literal(1),
  packages: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      basePrice: money(),
      setupFee: money(),
      extraLocationPrice: money(),
      features: z.array(z.object({ text: z.string(), included: z.boolean() })),
      priceTiers: z.array(z.object({ minSqm: int(), maxSqm: nullable(int()), pricePerSqm: money() })),
      userPriceTiers: z.array(z.object({ minUsers: int(), maxUsers: nullable(int()), pricePerUser: money() })),
    }),
  ),
  categories: z.array(z.object({ name: z.string(), icon: nullable(z.string()), allowsMultipleSelection: z.boolean() })),
  addOns: z.array(
    z.object({
      name: z.string(),
      category: nullable(z.string()),
      description: z.string(),
      setupFee: money(),
      monthlyFee: money(),
      availableForPackages: z.array(z.string()),
    }),
  ),
  discounts: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      type: z.string(),
      value: z.string(),
      conditions: z.array(z.object({ type: z.string(), operator: z.string(), value: anyValue() })),
    }),
  ),
});

const emailLog = z.object({
  id: int(),
  createdAt: when(),
  sentAt: nullable(when()),
  to: z.string(),
  type: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  error: nullable(z.string()),
  metadata: nullable(z.record(z.string(), z.unknown())),
  content: z.string(),
  user: nullable(z.object({ firstname: z.string(), lastname: z.string(), companyName: z.string(), username: z.string() })),
});

/**
 * The output of each procedure a REST route answers with a JSON body, by procedure path. Where the REST door answers
 * part of it (a list's `items`, with the total as a header) the route says so (routes.ts `answerIs`).
 */
export const ANSWERS = {
  health: z.object({ status: z.literal('ok') }),
  'auth.login': user,
  'auth.logout': success,
  'auth.me': user,
  'auth.check': z.object({ authenticated: z.boolean(), isAdmin: z.boolean(), registration: z.enum(['open', 'closed']) }),
  'auth.register': user,
  'auth.updateProfile': user,
  'auth.requestPasswordReset': message,
  'auth.resetPassword': message,
  'auth.verifyEmail': message,
  'auth.resendVerification': z.object({ message: z.string(), sent: z.boolean() }),
  'auth.apiKeys.list': z.array(apiKeyOutput),
  'auth.apiKeys.create': createdApiKeyOutput,

  'catalog.packages': z.array(pkg),
  'catalog.addOns': z.array(addOn),
  'catalog.categories': z.array(category),
  'catalog.discounts': z.array(discount),
  'catalog.company': company,
  'admin.company.update': company,

  'quote.calculate': quoteResult,

  'configurations.allWithTotal': z.object({ items: z.array(configuration), total: int(), truncated: z.boolean() }),
  'configurations.get': configurationWithDrift,
  'configurations.create': configurationDetail,
  'configurations.update': configurationDetail,
  'configurations.setStatus': configurationDetail,
  'configurations.reprice': configurationDetail,
  'configurations.duplicate': configurationDetail,
  'configurations.revisions': z.array(
    z.object({ revision: int(), createdAt: when(), totalMonthly: money(), setupFees: money(), tcv: money(), changes: z.array(z.string()) }),
  ),
  'configurations.revision': configurationWithDrift,
  'configurations.share': z.object({ url: z.string(), expiresAt: when() }),
  'configurations.link': z.object({ url: nullable(z.string()), expiresAt: when(), revision: int() }),
  'configurations.send': z.object({
    to: z.string(),
    cc: z.array(z.string()),
    url: z.string(),
    expiresAt: when(),
    revision: int(),
    link: z.enum(['reused', 'new']),
    delivered: z.boolean(),
  }),
  'configurations.activity': auditPage,

  'shared.seller': z.object({ name: z.string() }),
  'shared.view': sharedView,
  'shared.accept': sharedView,
  'shared.decline': sharedView,

  'admin.packages.create': pkg,
  'admin.packages.update': pkg,
  'admin.tiers.createUnit': priceTier,
  'admin.tiers.replace': pkg,
  'admin.tiers.updateUnit': priceTier,
  'admin.tiers.createUser': userPriceTier,
  'admin.tiers.updateUser': userPriceTier,
  'admin.addOns.create': addOn,
  'admin.addOns.update': addOn,
  'admin.categories.create': category,
  'admin.categories.update': category,
  'admin.discounts.create': discount,
  'admin.discounts.update': discount,
  'admin.catalogue.export': catalogueFile,
  'admin.catalogue.import': catalogueImportOutput,

  'admin.users.list': z.array(user),
  'admin.users.create': user,
  'admin.users.update': user,
  'admin.users.resetLink': z.object({ resetUrl: z.string(), expiresAt: when() }),
  'admin.emailLogs.list': z.array(emailLog),
  'admin.audit.list': adminAuditPage,
  'admin.apiKeys.list': z.array(adminApiKeyOutput),

  'admin.webhooks.list': z.array(webhookOutput),
  'admin.webhooks.create': createdWebhookOutput,
  'admin.webhooks.get': webhookOutput,
  'admin.webhooks.update': webhookOutput,
  'admin.webhooks.test': deliveryOutput,
  'admin.webhooks.deliveries': z.array(deliveryOutput),
  'admin.webhooks.resend': deliveryOutput,
} satisfies Record<string, z.ZodType>;
