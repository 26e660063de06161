// The shapes of a saved configuration (quote): as stored and as answered. Shared by the services that write rows
// (configurations.ts) and those that read them (configuration-rows.ts, configurations-list.ts).
import type { QuoteAcceptance, QuoteDecline } from '../../../db/schema';
import type { QuoteResultJson } from '../../shared/pricing';
import type { AddOnSelectionFields } from '../../shared/schemas/configuration';
import type { PaymentFrequency, QuoteStatus } from '../../shared/value-sets';

/** Who is asking: ownership decides what they may see and change. */
export interface Actor {
  id: number;
  isAdmin: boolean;
}

/** As stored in the row: the add-on selection of the save schema. */
export type StoredAddOn = AddOnSelectionFields;

/** As stored in the row (price in cents). */
export interface StoredCustomItem {
  id: string;
  name: string;
  description: string;
  isOneTime: boolean;
  price: number;
}

/** The priced quote as it was when saved, with the names the catalogue had then. */
export interface ConfigurationSnapshot extends QuoteResultJson {
  /** Names of the selected add-ons, in the order of `addOns`. */
  addOnNames: string[];
  pricedAt: string;
}

export interface ConfigurationDto {
  id: number;
  name: string;
  userId: number;
  packageId: number;
  packageName: string;
  locations: number;
  squareMeters: number;
  userCount: number;
  pricingModel: 'sqm' | 'user';
  /** Add-on names (seed: a listed configuration shows names). */
  addOns: string[];
  /** Ids and waivers, so that loading restores the selection. */
  addOnSelections: StoredAddOn[];
  discountIds: number[];
  contractDuration: number;
  paymentFrequency: PaymentFrequency;
  customItems: { id: string; name: string; description: string; isOneTime: boolean; price: number }[];
  totalMonthly: string;
  setupFees: string;
  tcv: string;
  /** The creator's "firstname lastname", or their username when they have no name. */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** "Q-000123": assigned at the first save, never reused. */
  number: string;
  revision: number;
  status: QuoteStatus;
  /** validUntil is before today (Europe/Amsterdam) and the quote still awaits an answer (draft or sent). */
  expired: boolean;
  /** YYYY-MM-DD, the last day its prices hold. */
  validUntil: string;
  customerCompany: string | null;
  customerName: string | null;
  customerEmail: string | null;
  /** The customer's acceptance through the share link, kept as evidence; else null. */
  acceptance: QuoteAcceptance | null;
  /** When the customer declined it through the share link, and why; else null. */
  decline: QuoteDecline | null;
  /** How often the customer read the quote through its links, first and last time. */
  views: { count: number; firstAt: string | null; lastAt: string | null };
  /** The revision the live share link shows (older than `revision` once the quote moved on); null with no live link. */
  linkRevision: number | null;
}

/** The stored inputs priced on today's catalogue, when that gives other figures than the stored ones. */
export interface CatalogDrift {
  totalMonthly: string;
  setupFees: string;
  tcv: string;
}

export interface ConfigurationDetailDto extends ConfigurationDto {
  snapshot: ConfigurationSnapshot;
}

/** GET /api/configurations/{id}: the stored quote and whether today's catalogue would price it differently. */
export interface ConfigurationWithDrift extends ConfigurationDetailDto {
  catalogDrift: CatalogDrift | null;
}

/** One line of a quote's history (docs/PRODUCT.md "Saved quotes"), plus what changed against the revision before it. */
export interface RevisionSummary {
  revision: number;
  createdAt: string;
  totalMonthly: string;
  setupFees: string;
  tcv: string;
  /** Inputs that differ from the previous revision, e.g. "Locations: 2 → 3" (empty for the first one). */
  changes: string[];
}
