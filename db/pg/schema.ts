// The PostgreSQL form of db/schema.ts, table for table and column for column (tests/integration/schema-parity.test.ts
// holds them alike); what each table and column means is written there. The differences are the engine's own: real
// booleans, timestamps with time zone (milliseconds), jsonb, identity ids, and bigint for money so that no sum of
// cents can overflow.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp as pgTimestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ADD_ON_UNITS, DISCOUNT_TYPES, PAYMENT_FREQUENCIES, PRICING_MODELS, QUOTE_STATUSES } from '../../src/shared/value-sets';
import type { AddOnSelection, SellerDiscountJson } from '../../src/shared/schemas/quote-result';
import type { QuoteAcceptance, QuoteDecline } from '../schema';

const timestamp = (name: string) => pgTimestamp(name, { mode: 'date', withTimezone: true, precision: 3 });
const bool = (name: string) => boolean(name);
const cents = (name: string) => bigint(name, { mode: 'number' });
const autoId = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const belongsTo = (name: string, parent: () => AnyPgColumn) => integer(name).notNull().references(parent, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: autoId(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    isAdmin: bool('is_admin').notNull().default(false),
    createdAt: timestamp('created_at').notNull(),
    lastLogin: timestamp('last_login'),
    emailVerifiedAt: timestamp('email_verified_at'),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    persistent: bool('persistent').notNull().default(true),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    origin: text('origin', { enum: ['self', 'admin'] })
      .notNull()
      .default('self'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: text('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    origin: text('origin', { enum: ['registration', 'resend'] }).notNull(),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId, t.createdAt)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: autoId(),
    account: text('account').notNull(),
    at: timestamp('at').notNull(),
  },
  (t) => [index('login_failures_account_at_idx').on(t.account, t.at), index('login_failures_at_idx').on(t.at)],
);

const uniqueName = (table: string, name: AnyPgColumn) => uniqueIndex(`${table}_name_unique`).on(sql`lower(trim(${name}))`);

export const packages = pgTable(
  'packages',
  {
    id: autoId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    basePrice: cents('base_price_cents').notNull().default(0),
    setupFee: cents('setup_fee_cents').notNull().default(0),
    extraLocationPrice: cents('extra_location_price_cents').notNull().default(0),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [uniqueName('packages', t.name)],
);

export const packageFeatures = pgTable(
  'package_features',
  {
    id: autoId(),
    packageId: belongsTo('package_id', () => packages.id),
    position: integer('position').notNull().default(0),
    text: text('text').notNull(),
    included: bool('included').notNull().default(true),
  },
  (t) => [index('package_features_package_idx').on(t.packageId, t.position)],
);

export const priceTiers = pgTable(
  'price_tiers',
  {
    id: autoId(),
    packageId: belongsTo('package_id', () => packages.id),
    minSqm: integer('min_sqm').notNull(),
    maxSqm: integer('max_sqm'),
    pricePerSqm: cents('price_per_sqm_cents').notNull(),
  },
  (t) => [index('price_tiers_package_idx').on(t.packageId, t.minSqm)],
);

export const userPriceTiers = pgTable(
  'user_price_tiers',
  {
    id: autoId(),
    packageId: belongsTo('package_id', () => packages.id),
    minUsers: integer('min_users').notNull(),
    maxUsers: integer('max_users'),
    pricePerUser: cents('price_per_user_cents').notNull(),
  },
  (t) => [index('user_price_tiers_package_idx').on(t.packageId, t.minUsers)],
);

export const addonCategories = pgTable(
  'addon_categories',
  {
    id: autoId(),
    name: text('name').notNull(),
    icon: text('icon'),
    allowsMultipleSelection: bool('allows_multiple_selection').notNull().default(false),
  },
  (t) => [uniqueName('addon_categories', t.name)],
);

export const addons = pgTable(
  'addons',
  {
    id: autoId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => addonCategories.id, { onDelete: 'set null' }),
    unit: text('unit', { enum: ADD_ON_UNITS }).notNull().default('quote'),
    setupFee: cents('setup_fee_cents').notNull().default(0),
    monthlyFee: cents('monthly_fee_cents').notNull().default(0),
  },
  (t) => [index('addons_category_idx').on(t.categoryId), uniqueName('addons', t.name)],
);

export const addonPackages = pgTable(
  'addon_packages',
  {
    addonId: belongsTo('addon_id', () => addons.id),
    packageId: belongsTo('package_id', () => packages.id),
  },
  (t) => [primaryKey({ columns: [t.addonId, t.packageId] }), index('addon_packages_package_idx').on(t.packageId)],
);

export const discounts = pgTable(
  'discounts',
  {
    id: autoId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', {
      enum: DISCOUNT_TYPES,
    }).notNull(),
    value: integer('value_hundredths').notNull(),
  },
  (t) => [uniqueName('discounts', t.name)],
);

export const discountConditions = pgTable(
  'discount_conditions',
  {
    id: autoId(),
    discountId: belongsTo('discount_id', () => discounts.id),
    position: integer('position').notNull().default(0),
    type: text('type').notNull(),
    operator: text('operator').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [index('discount_conditions_discount_idx').on(t.discountId, t.position)],
);

const pricedQuote = () => ({
  packageId: integer('package_id').notNull(),
  packageName: text('package_name').notNull(),
  pricingModel: text('pricing_model', { enum: PRICING_MODELS }).notNull(),
  squareMeters: integer('square_meters').notNull(),
  userCount: integer('user_count').notNull(),
  locations: integer('locations').notNull(),
  contractDuration: integer('contract_duration').notNull(),
  paymentFrequency: text('payment_frequency', { enum: PAYMENT_FREQUENCIES }).notNull(),
  addOns: jsonb('add_ons').notNull().$type<AddOnSelection[]>(),
  discountIds: jsonb('discount_ids').notNull().$type<number[]>(),
  customItems: jsonb('custom_items').notNull().$type<unknown[]>(),
  sellerDiscount: jsonb('seller_discount').$type<SellerDiscountJson | null>(),
  totalMonthly: cents('total_monthly_cents').notNull(),
  setupFees: cents('setup_fees_cents').notNull(),
  tcv: cents('tcv_cents').notNull(),
});

export const configurations = pgTable(
  'configurations',
  {
    id: autoId(),
    name: text('name').notNull(),
    userId: belongsTo('user_id', () => users.id),
    ...pricedQuote(),
    addOnNames: jsonb('add_on_names').notNull().default([]).$type<string[]>(),
    snapshot: jsonb('snapshot').notNull().$type<unknown>(),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    number: integer('number').notNull().default(0),
    revision: integer('revision').notNull().default(1),
    revisedAt: timestamp('revised_at')
      .notNull()
      .default(sql`to_timestamp(0)`),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('draft'),
    validUntil: text('valid_until').notNull().default(''),
    customerCompany: text('customer_company'),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    acceptance: jsonb('acceptance').$type<QuoteAcceptance>(),
    decline: jsonb('decline').$type<QuoteDecline>(),
    viewCount: integer('view_count').notNull().default(0),
    firstViewedAt: timestamp('first_viewed_at'),
    lastViewedAt: timestamp('last_viewed_at'),
  },
  (t) => [
    index('configurations_created_idx').on(t.createdAt, t.id, t.name, t.status, t.validUntil),
    index('configurations_package_idx').on(t.packageName, t.id, t.name, t.status, t.validUntil),
    index('configurations_locations_idx').on(t.locations, t.id, t.name, t.status, t.validUntil),
    index('configurations_contract_idx').on(t.contractDuration, t.id, t.name, t.status, t.validUntil),
    index('configurations_tcv_idx').on(t.tcv, t.id, t.name, t.status, t.validUntil),
    index('configurations_user_created_idx').on(t.userId, t.createdAt, t.id, t.name, t.status, t.validUntil),
    index('configurations_user_package_idx').on(t.userId, t.packageName, t.id, t.name, t.status, t.validUntil),
    index('configurations_user_locations_idx').on(t.userId, t.locations, t.id, t.name, t.status, t.validUntil),
    index('configurations_user_contract_idx').on(t.userId, t.contractDuration, t.id, t.name, t.status, t.validUntil),
    index('configurations_user_tcv_idx').on(t.userId, t.tcv, t.id, t.name, t.status, t.validUntil),
    uniqueIndex('configurations_number_unique').on(t.number),
  ],
);

export const configurationRevisions = pgTable(
  'configuration_revisions',
  {
    configurationId: belongsTo('configuration_id', () => configurations.id),
    revision: integer('revision').notNull(),
    ...pricedQuote(),
    addOnNames: jsonb('add_on_names').notNull().$type<string[]>(),
    snapshot: jsonb('snapshot').notNull().$type<unknown>(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.configurationId, t.revision] })],
);

export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});

export const emailLogs = pgTable(
  'email_logs',
  {
    id: autoId(),
    createdAt: timestamp('created_at').notNull(),
    sentAt: timestamp('sent_at'),
    to: text('to').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    content: text('content').notNull().default(''),
  },
  (t) => [index('email_logs_created_idx').on(t.createdAt), index('email_logs_to_type_idx').on(t.to, t.type, t.createdAt)],
);

export const quoteShares = pgTable(
  'quote_shares',
  {
    tokenHash: text('token_hash').primaryKey(),
    configurationId: belongsTo('configuration_id', () => configurations.id),
    revision: integer('revision').notNull(),
    view: jsonb('view').notNull().$type<unknown>(),
    createdAt: timestamp('created_at').notNull(),
    createdBy: integer('created_by').notNull(),
    revokedAt: timestamp('revoked_at'),
    openedAt: timestamp('opened_at'),
    nonce: text('nonce'),
    sentTo: text('sent_to'),
    remindedAt: timestamp('reminded_at'),
  },
  (t) => [index('quote_shares_configuration_idx').on(t.configurationId, t.revokedAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: autoId(),
    at: timestamp('at').notNull(),
    userId: integer('user_id'),
    actor: text('actor').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_user_idx').on(t.userId, t.at),
  ],
);

export const companySettings = pgTable('company_settings', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address'),
  email: text('email'),
  phone: text('phone'),
  vatNumber: text('vat_number'),
  terms: text('terms'),
  updatedAt: timestamp('updated_at').notNull(),
});

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: autoId(),
    userId: belongsTo('user_id', () => users.id),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at').notNull(),
    lastUsedAt: timestamp('last_used_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_unique').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

export const webhooks = pgTable('webhooks', {
  id: autoId(),
  url: text('url').notNull(),
  events: jsonb('events').notNull().$type<string[]>(),
  secret: text('secret').notNull(),
  active: bool('active').notNull().default(true),
  createdAt: timestamp('created_at').notNull(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: autoId(),
    webhookId: belongsTo('webhook_id', () => webhooks.id),
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at').notNull(),
    lastAttemptAt: timestamp('last_attempt_at'),
    nextAttemptAt: timestamp('next_attempt_at'),
  },
  (t) => [index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt), index('webhook_deliveries_hook_idx').on(t.webhookId, t.id)],
);

export const owedMails = pgTable(
  'owed_mails',
  {
    id: autoId(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull().$type<unknown>(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at').notNull(),
    lastAttemptAt: timestamp('last_attempt_at'),
    nextAttemptAt: timestamp('next_attempt_at'),
    sentAt: timestamp('sent_at'),
  },
  (t) => [uniqueIndex('owed_mails_key_unique').on(t.key), index('owed_mails_due_idx').on(t.status, t.nextAttemptAt)],
);
