// A saved quote (configuration) as the API answers it (docs/PRODUCT.md "Saved quotes"): the lists' rows, the detail
// with its stored snapshot, whether today's catalogue prices it differently, its revisions. Money as two-decimal
// strings, the snapshot's as the engine's euro numbers (./quote-result.ts).
import { z } from 'zod';
import { PAYMENT_FREQUENCIES, PRICING_MODELS, QUOTE_STATUSES } from '../value-sets';
import { int, money, when } from './answer-fields';
import { addOnSelectionOutput, customItemOutput, quoteResultOutput, sellerDiscountOutput, type AddOnSelection } from './quote-result';

/** The add-on selection as stored in the row and answered, so that loading restores it. */
export type StoredAddOn = AddOnSelection;
/** A custom item as stored in the row (price in cents); answered with its price in euro. */
export type StoredCustomItem = z.infer<typeof customItemOutput>;

/** The customer's acceptance through the share link, kept as evidence. */
export const acceptanceOutput = z.object({
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
export const declineOutput = z.object({ at: when(), reason: z.string().nullable() });

/** A saved quote as the lists answer it. */
export const configurationOutput = z.object({
  id: int(),
  name: z.string(),
  userId: int(),
  packageId: int(),
  packageName: z.string(),
  locations: z.number(),
  squareMeters: z.number(),
  userCount: z.number(),
  pricingModel: z.enum(PRICING_MODELS),
  /** Add-on names. */
  addOns: z.array(z.string()),
  addOnSelections: z.array(addOnSelectionOutput),
  discountIds: z.array(int()),
  contractDuration: z.number(),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
  customItems: z.array(customItemOutput),
  /** The seller's discount as given (percent, or euro per month), null for none. */
  sellerDiscount: sellerDiscountOutput.nullable(),
  totalMonthly: money(),
  setupFees: money(),
  tcv: money(),
  /** The creator's "firstname lastname", or their username when they have no name. */
  createdBy: z.string(),
  createdAt: when(),
  updatedAt: when(),
  /** "Q-000123": assigned at the first save, never reused. */
  number: z.string(),
  revision: int(),
  status: z.enum(QUOTE_STATUSES),
  /** validUntil is before today (Europe/Amsterdam) and the quote still awaits an answer (draft or sent). */
  expired: z.boolean(),
  /** The last day its prices hold. */
  validUntil: z.string().describe('YYYY-MM-DD'),
  customerCompany: z.string().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  acceptance: acceptanceOutput.nullable(),
  decline: declineOutput.nullable(),
  /** How often the customer read the quote through its links, first and last time. */
  views: z.object({ count: int(), firstAt: when().nullable(), lastAt: when().nullable() }),
  /** The revision the live share link shows (older than `revision` once the quote moved on); null with no live link. */
  linkRevision: int().nullable(),
});
export type ConfigurationDto = z.infer<typeof configurationOutput>;

/** The priced quote as it was when saved, with the names the catalogue had then (in the order of `addOns`). */
export const snapshotOutput = quoteResultOutput.extend({ addOnNames: z.array(z.string()), pricedAt: when() });
export type ConfigurationSnapshot = z.infer<typeof snapshotOutput>;

export const configurationDetailOutput = configurationOutput.extend({ snapshot: snapshotOutput });
export type ConfigurationDetailDto = z.infer<typeof configurationDetailOutput>;

/** The stored inputs priced on today's catalogue, when that gives other figures than the stored ones. */
export const catalogDriftOutput = z.object({ totalMonthly: money(), setupFees: money(), tcv: money() });
export type CatalogDrift = z.infer<typeof catalogDriftOutput>;

/** GET /api/configurations/{id}: the stored quote and whether today's catalogue would price it differently. */
export const configurationWithDriftOutput = configurationDetailOutput.extend({ catalogDrift: catalogDriftOutput.nullable() });
export type ConfigurationWithDrift = z.infer<typeof configurationWithDriftOutput>;

/** One line of a quote's history, and the inputs that differ from the revision before ("Locations: 2 → 3"). */
export const revisionSummaryOutput = z.object({
  revision: int(),
  createdAt: when(),
  totalMonthly: money(),
  setupFees: money(),
  tcv: money(),
  changes: z.array(z.string()),
});
export type RevisionSummary = z.infer<typeof revisionSummaryOutput>;

/** Everything visible, at most 1,000 rows: `total` is every row in scope, `truncated` that more exist. */
export const boundedListOutput = z.object({ items: z.array(configurationOutput), total: int(), truncated: z.boolean() });
export type BoundedList = z.infer<typeof boundedListOutput>;

/** The table's page (configurations.list). */
export const configurationPageOutput = z.object({ items: z.array(configurationOutput), total: int(), page: int(), pageSize: int() });
export type ConfigurationPage = z.infer<typeof configurationPageOutput>;
