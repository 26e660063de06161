// Money is stored as integer cents (discount values as hundredths), never as floats: a quote must be exact to the cent.
// Timestamps are integer milliseconds since the epoch.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { ADD_ON_UNITS, DISCOUNT_TYPES, PAYMENT_FREQUENCIES, PRICING_MODELS, QUOTE_STATUSES } from '../src/shared/value-sets';
import type { AddOnSelection, SellerDiscountJson } from '../src/shared/schemas/quote-result';

/**
 * The customer's acceptance, kept as evidence (docs/API.md "The acceptance as evidence"): who, when, from where, the
 * figures and the exact sentence they confirmed, and the fingerprint of the accepted revision's snapshot. Acceptances
 * recorded before the evidence fields existed have only name, email, at, revision and address.
 */
export interface QuoteAcceptance {
  name: string;
  email: string;
  at: string;
  revision: number;
  address: string;
  totalMonthly?: string;
  setupFees?: string;
  tcv?: string;
  statement?: string;
  fingerprint?: string;
}
export interface QuoteDecline {
  at: string;
  reason: string | null;
}

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
const bool = (name: string) => integer(name, { mode: 'boolean' });
const autoId = () => integer('id').primaryKey({ autoIncrement: true });
/** A row that belongs to its parent: required, and deleted with it. */
const belongsTo = (name: string, parent: () => AnySQLiteColumn) => integer(name).notNull().references(parent, { onDelete: 'cascade' });

export const users = sqliteTable(
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
    /** When the account proved it holds its address (docs/PRODUCT.md "Accounts and sessions"); null: not yet, it may not send quotes. */
    emailVerifiedAt: timestamp('email_verified_at'),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
  ],
);

/** Lucia-style sessions: the id is the SHA-256 hex of the cookie token; the token itself is never stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    /** false: "Remember me" was not ticked — a browser-session cookie and a short idle expiry (docs/DECISIONS.md). */
    persistent: bool('persistent').notNull().default(true),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use reset tokens, stored as SHA-256 hex of the token. */
export const passwordResetTokens = sqliteTable(
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

/** Single-use email verification tokens, stored as SHA-256 hex of the token; `origin` tells the resends (limited per hour) apart. */
export const emailVerificationTokens = sqliteTable(
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

/** Failed logins per account (lower-cased login name), for throttling; pruned as windows pass. */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    id: autoId(),
    account: text('account').notNull(),
    at: timestamp('at').notNull(),
  },
  // (at) serves the cleanup of expired failures on every login attempt (without it, a full scan once the table holds a flood's 200,000 rows).
  (t) => [index('login_failures_account_at_idx').on(t.account, t.at), index('login_failures_at_idx').on(t.at)],
);

/**
 * Names are unique per kind, trimmed and in any case (docs/PRODUCT.md "The admin area"): the services compare with the
 * shared key inside the write's transaction; this index holds the rule underneath (SQLite's lower() folds ASCII only).
 */
const uniqueName = (table: string, name: AnySQLiteColumn) => uniqueIndex(`${table}_name_unique`).on(sql`lower(trim(${name}))`);

export const packages = sqliteTable(
  'packages',
  {
    id: autoId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    basePrice: integer('base_price_cents').notNull().default(0),
    setupFee: integer('setup_fee_cents').notNull().default(0),
    extraLocationPrice: integer('extra_location_price_cents').notNull().default(0),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [uniqueName('packages', t.name)],
);

export const packageFeatures = sqliteTable(
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

export const priceTiers = sqliteTable(
  'price_tiers',
  {
    id: autoId(),
    packageId: belongsTo('package_id', () => packages.id),
    minSqm: integer('min_sqm').notNull(),
    maxSqm: integer('max_sqm'),
    pricePerSqm: integer('price_per_sqm_cents').notNull(),
  },
  (t) => [index('price_tiers_package_idx').on(t.packageId, t.minSqm)],
);

export const userPriceTiers = sqliteTable(
  'user_price_tiers',
  {
    id: autoId(),
    packageId: belongsTo('package_id', () => packages.id),
    minUsers: integer('min_users').notNull(),
    maxUsers: integer('max_users'),
    pricePerUser: integer('price_per_user_cents').notNull(),
  },
  (t) => [index('user_price_tiers_package_idx').on(t.packageId, t.minUsers)],
);

export const addonCategories = sqliteTable(
  'addon_categories',
  {
    id: autoId(),
    name: text('name').notNull(),
    icon: text('icon'),
    allowsMultipleSelection: bool('allows_multiple_selection').notNull().default(false),
  },
  (t) => [uniqueName('addon_categories', t.name)],
);

export const addons = sqliteTable(
  'addons',
  {
    id: autoId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Deleting a category keeps its add-ons, uncategorised (docs/PRODUCT.md "The admin area").
    categoryId: integer('category_id').references(() => addonCategories.id, { onDelete: 'set null' }),
    /** What its fees are multiplied by (docs/PRODUCT.md "Pricing" step 3): once per quote, per location or per item. */
    unit: text('unit', { enum: ADD_ON_UNITS }).notNull().default('quote'),
    setupFee: integer('setup_fee_cents').notNull().default(0),
    monthlyFee: integer('monthly_fee_cents').notNull().default(0),
  },
  (t) => [index('addons_category_idx').on(t.categoryId), uniqueName('addons', t.name)],
);

export const addonPackages = sqliteTable(
  'addon_packages',
  {
    addonId: belongsTo('addon_id', () => addons.id),
    packageId: belongsTo('package_id', () => packages.id),
  },
  (t) => [primaryKey({ columns: [t.addonId, t.packageId] }), index('addon_packages_package_idx').on(t.packageId)],
);

export const discounts = sqliteTable(
  'discounts',
  {
    id: autoId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', {
      enum: DISCOUNT_TYPES,
    }).notNull(),
    /** value × 100: 10 % → 1000, €25.50 → 2550, 2 months → 200. */
    value: integer('value_hundredths').notNull(),
  },
  (t) => [uniqueName('discounts', t.name)],
);

export const discountConditions = sqliteTable(
  'discount_conditions',
  {
    id: autoId(),
    discountId: belongsTo('discount_id', () => discounts.id),
    position: integer('position').notNull().default(0),
    type: text('type').notNull(),
    operator: text('operator').notNull(),
    /** JSON: a number, a string or a list of package ids. */
    value: text('value', { mode: 'json' }).notNull(),
  },
  (t) => [index('discount_conditions_discount_idx').on(t.discountId, t.position)],
);

/**
 * A quote's pricing inputs and the totals they were priced to, kept alike by the quote (its current revision) and by
 * each earlier revision (docs/PRODUCT.md "Saved quotes").
 */
const pricedQuote = () => ({
  packageId: integer('package_id').notNull(),
  packageName: text('package_name').notNull(),
  pricingModel: text('pricing_model', { enum: PRICING_MODELS }).notNull(),
  squareMeters: integer('square_meters').notNull(),
  userCount: integer('user_count').notNull(),
  locations: integer('locations').notNull(),
  contractDuration: integer('contract_duration').notNull(),
  paymentFrequency: text('payment_frequency', { enum: PAYMENT_FREQUENCIES }).notNull(),
  /** JSON: the selected add-ons (src/shared/schemas/quote-result.ts addOnSelectionOutput) */
  addOns: text('add_ons', { mode: 'json' }).notNull().$type<AddOnSelection[]>(),
  /** JSON number[] */
  discountIds: text('discount_ids', { mode: 'json' }).notNull().$type<number[]>(),
  /** JSON [{ id, name, description, isOneTime, price (cents, of one), quantity }] */
  customItems: text('custom_items', { mode: 'json' }).notNull().$type<unknown[]>(),
  /** JSON { type, value (percent or euro per month), reason }: the seller's discount as given, null for none */
  sellerDiscount: text('seller_discount', { mode: 'json' }).$type<SellerDiscountJson | null>(),
  totalMonthly: integer('total_monthly_cents').notNull(),
  setupFees: integer('setup_fees_cents').notNull(),
  tcv: integer('tcv_cents').notNull(),
});

/**
 * A saved quote: its inputs plus the priced snapshot. packageId is deliberately not a foreign key: a saved quote
 * outlives a deleted package, and its snapshot keeps the names and figures it was priced with.
 */
export const configurations = sqliteTable(
  'configurations',
  {
    id: autoId(),
    name: text('name').notNull(),
    userId: belongsTo('user_id', () => users.id),
    ...pricedQuote(),
    /**
     * JSON string[]: the snapshot's addOnNames, kept beside it so that a list reads a few bytes per row instead of
     * parsing every snapshot (json_extract over ~3 KB per row was most of a list's time).
     */
    addOnNames: text('add_on_names', { mode: 'json' }).notNull().default([]).$type<string[]>(),
    /** The full priced quote as shown when saved (lines, totals, package and add-on names). */
    snapshot: text('snapshot', { mode: 'json' }).notNull().$type<unknown>(),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    /** The quote number's digits ("Q-000123" is 123): from the quote_number counter, never reused (docs/PRODUCT.md "Saved quotes"). */
    number: integer('number').notNull().default(0),
    /** Raised by every change of pricing inputs or of the price; earlier ones are in configuration_revisions. */
    revision: integer('revision').notNull().default(1),
    /** When the current revision was priced. */
    revisedAt: timestamp('revised_at')
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('draft'),
    /** YYYY-MM-DD, a date in Europe/Amsterdam: the last day the quote's prices hold. */
    validUntil: text('valid_until').notNull().default(''),
    customerCompany: text('customer_company'),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    /** JSON QuoteAcceptance: the customer's acceptance through the share link, kept as evidence. */
    acceptance: text('acceptance', { mode: 'json' }).$type<QuoteAcceptance>(),
    /** JSON { at, reason }: the customer's decline through the share link. */
    decline: text('decline', { mode: 'json' }).$type<QuoteDecline>(),
    /** Readings of the customer's page (GET /api/shared/{token}) by anyone not signed in to the app. */
    viewCount: integer('view_count').notNull().default(0),
    firstViewedAt: timestamp('first_viewed_at'),
    lastViewedAt: timestamp('last_viewed_at'),
  },
  // The saved-configurations table sorts by five columns, for everyone (admin) or one user, pages by 30 and searches
  // names. Each (scope, column) pair has an index in exactly that order, ending in id (the tiebreak) and name (the
  // search), so a page's ids come from the index alone, without reading the large rows (scripts/bench-api.ts).
  // status and valid_until close every index, so a status filter (and "expired") is answered from the index too.
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

/** The previous revisions of a quote: its pricing inputs and priced snapshot as they were (docs/PRODUCT.md "Saved quotes"). */
export const configurationRevisions = sqliteTable(
  'configuration_revisions',
  {
    configurationId: belongsTo('configuration_id', () => configurations.id),
    revision: integer('revision').notNull(),
    ...pricedQuote(),
    addOnNames: text('add_on_names', { mode: 'json' }).notNull().$type<string[]>(),
    snapshot: text('snapshot', { mode: 'json' }).notNull().$type<unknown>(),
    /** When this revision was priced. */
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.configurationId, t.revision] })],
);

/** Named counters that only go up: quote_number hands out quote numbers, never reused after a delete. */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});

export const emailLogs = sqliteTable(
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
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>(),
    content: text('content').notNull().default(''),
  },
  (t) => [index('email_logs_created_idx').on(t.createdAt), index('email_logs_to_type_idx').on(t.to, t.type, t.createdAt)],
);

/**
 * Share links of quotes (docs/PRODUCT.md "Sharing and the customer's answer"): only the SHA-256 of the token is kept. One live link per quote (revokedAt is
 * null); `view` is the customer's view frozen when the link was made, so a later change of the quote does not change
 * what the customer holds. The link's expiry is not stored: it follows the quote's validUntil.
 */
export const quoteShares = sqliteTable(
  'quote_shares',
  {
    tokenHash: text('token_hash').primaryKey(),
    configurationId: belongsTo('configuration_id', () => configurations.id),
    revision: integer('revision').notNull(),
    view: text('view', { mode: 'json' }).notNull().$type<unknown>(),
    createdAt: timestamp('created_at').notNull(),
    createdBy: integer('created_by').notNull(),
    revokedAt: timestamp('revoked_at'),
    openedAt: timestamp('opened_at'),
    /**
     * The link's own random value: with the server's secret it gives the token again (server/secret.ts), so the owner
     * can copy a live link at any time while the database alone yields none. Null for links made before (their token
     * cannot be shown again; they keep working).
     */
    nonce: text('nonce'),
    /** The address the quote was last mailed to with this link; the reminder goes there. */
    sentTo: text('sent_to'),
    /** When the one reminder before expiry was sent for this link. */
    remindedAt: timestamp('reminded_at'),
  },
  (t) => [index('quote_shares_configuration_idx').on(t.configurationId, t.revokedAt)],
);

/**
 * The audit trail (docs/PRODUCT.md "Audit trail"): append-only (triggers in the migration refuse UPDATE and DELETE) and without foreign
 * keys, so an entry outlives the user, quote or catalogue item it describes. `userId` null: the customer.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: autoId(),
    at: timestamp('at').notNull(),
    userId: integer('user_id'),
    actor: text('actor').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    action: text('action').notNull(),
    before: text('before', { mode: 'json' }).$type<unknown>(),
    after: text('after', { mode: 'json' }).$type<unknown>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_user_idx').on(t.userId, t.at),
  ],
);

/** The seller as customers see it (one row, id 1): the customer's page, the PDF and the mails name it. */
export const companySettings = sqliteTable('company_settings', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address'),
  email: text('email'),
  phone: text('phone'),
  vatNumber: text('vat_number'),
  terms: text('terms'),
  updatedAt: timestamp('updated_at').notNull(),
});

/**
 * Secrets the server makes for itself once and keeps across restarts (the device-cookie signing key): kept in the
 * database so that every process on it, and the next start, signs and checks with the same key.
 */
export const serverSecrets = sqliteTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * API keys for scripts (docs/API.md "API keys"): only the SHA-256 of the key is kept; `prefix` is the key's first
 * characters, shown so a person can tell keys apart. The key acts as its user with that user's current role, and goes
 * with the user.
 */
export const apiKeys = sqliteTable(
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

/** Webhook subscriptions (admin). `secret` is the Standard Webhooks signing secret (`whsec_…`), needed to sign. */
export const webhooks = sqliteTable('webhooks', {
  id: autoId(),
  url: text('url').notNull(),
  events: text('events', { mode: 'json' }).notNull().$type<string[]>(),
  secret: text('secret').notNull(),
  active: bool('active').notNull().default(true),
  createdAt: timestamp('created_at').notNull(),
});

/**
 * The outbox of webhook deliveries: written in the transaction of the change that caused the event, sent after the
 * commit by the in-process dispatcher, retried until `nextAttemptAt` is null. Kept in the database so a restart loses
 * none.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: autoId(),
    webhookId: belongsTo('webhook_id', () => webhooks.id),
    /** The Standard Webhooks message id (`webhook-id`), the same on every attempt. */
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

/**
 * Mail the product owes someone (docs/API.md "Mail the product owes"): the customer's confirmation of an acceptance,
 * the owner's notice of an answer, reminders. Written in the transaction of the change that causes it, with what is
 * needed to build the mail again (`payload`), and sent after the commit by the server's worker
 * (src/server/services/owed-mail-worker.ts): `sending` while a try is under way, then `sent`, or `pending` again until
 * `nextAttemptAt`, or `failed` after the last try. `key` names the cause: one mail per cause.
 */
export const owedMails = sqliteTable(
  'owed_mails',
  {
    id: autoId(),
    /** The email log's type of the mail, e.g. quote_acceptance_confirmation. */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: text('payload', { mode: 'json' }).notNull().$type<unknown>(),
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
