// Saved-configuration inputs (docs/PRODUCT.md "Saved quotes" "Saved configuration", docs/PRODUCT.md "The API's conventions"), shared by the save dialog and the
// server. Unlike the live quote form, a save is strict: a value the engine would silently normalise away (an
// 18-month contract, a fractional location) is a 400 here, because a stored quote must say what the user meant.
import { z } from 'zod';
import { formatCount } from '../format';
import { parseTypedWhole, typedDecimal } from '../typed-numbers';
import { INVALID_EMAIL } from './auth';
import { refineMultiLine, refineSingleLine } from './text';
import { MAX_LINE_QUANTITY } from '../pricing/types';
import { CONTRACT_DURATIONS, PAYMENT_FREQUENCIES, PRICING_MODELS, QUOTE_STATUS_FILTERS, QUOTE_STATUSES, SELLER_DISCOUNT_TYPES } from '../value-sets';
import type { AddOnSelection } from './quote-result';

export const CONFIGURATIONS_PAGE_SIZE = 30;
export const CONFIGURATION_NAME_MAX = 200;
export const MAX_CUSTOM_ITEMS = 200;
export const MAX_CUSTOM_ITEM_PRICE = 10_000_000;
export const CUSTOM_ITEM_DESCRIPTION_MAX = 1000;
export const MAX_QUANTITY_SAVED = 10_000_000;
export const MAX_LOCATIONS = 10_000;
/** Far above any real selection; bounds the work one request can ask for. */
export const MAX_SELECTED_IDS = 500;
/** How far ahead a quote's prices may be promised: a year (a date typed with a wrong year is caught). */
export const VALID_UNTIL_MAX_DAYS = 365;
export const SELLER_DISCOUNT_REASON_MAX = 200;

export const configurationMessages = {
  name: 'Please enter a configuration name',
  nameTooLong: `Configuration name must be at most ${CONFIGURATION_NAME_MAX} characters`,
  packageNotFound: 'Selected package not found',
  locations: `Locations must be a whole number from 1 to ${formatCount(MAX_LOCATIONS)}`,
  squareMeters: `Units must be a whole number from 0 to ${formatCount(MAX_QUANTITY_SAVED)}`,
  userCount: `User count must be a whole number from 0 to ${formatCount(MAX_QUANTITY_SAVED)}`,
  pricingModel: 'Pricing model must be sqm or user',
  contractDuration: 'Contract duration must be 12, 24 or 36 months',
  paymentFrequency: 'Payment frequency must be monthly, quarterly or annually',
  addOns: 'Add-ons must be a list of add-on ids',
  waiveSetupFee: 'waiveSetupFee must be true or false',
  quantity: `Quantity must be a whole number from 1 to ${formatCount(MAX_LINE_QUANTITY)}`,
  quantityNotPerItem: 'Quantity applies only to add-ons priced per item',
  sellerDiscount: "The seller's discount must be { type, value, reason }, or null for none",
  sellerDiscountType: "The seller's discount type must be percentage or fixed",
  sellerDiscountPercentage: "A percentage seller's discount must be above 0 and at most 100",
  sellerDiscountFixed: "A fixed seller's discount must be an amount above €0",
  sellerDiscountFixedTooHigh: `A fixed seller's discount must be at most €${formatCount(MAX_CUSTOM_ITEM_PRICE)}`,
  sellerDiscountReason: "Please enter a reason for the seller's discount",
  sellerDiscountReasonTooLong: `The reason for the seller's discount must be at most ${SELLER_DISCOUNT_REASON_MAX} characters`,
  discountIds: 'Discounts must be a list of discount ids',
  customItems: 'Custom items must be a list',
  tooManyCustomItems: `A configuration can have at most ${MAX_CUSTOM_ITEMS} custom items`,
  customItemName: 'Please enter a name for each custom item',
  customItemNameTooLong: `Custom item names must be at most ${CONFIGURATION_NAME_MAX} characters`,
  customItemDescription: `Custom item descriptions must be at most ${CUSTOM_ITEM_DESCRIPTION_MAX} characters`,
  customItemPrice: 'Custom item price must be a number greater than 0',
  customItemPriceTooHigh: `Custom item price must be at most €${formatCount(MAX_CUSTOM_ITEM_PRICE)}`,
  customItemOneTime: 'isOneTime must be true or false',
  id: 'Configuration not found',
  page: 'Page must be a whole number of 1 or more',
  sort: 'Sort must be one of createdAt, packageName, locations, contractDuration, tcv',
  direction: 'Direction must be asc or desc',
  scope: 'Scope must be mine or all',
  search: 'Search text must be at most 200 characters',
  customerEmail: INVALID_EMAIL,
  customerCompanyTooLong: `Customer company must be at most ${CONFIGURATION_NAME_MAX} characters`,
  customerNameTooLong: `Contact name must be at most ${CONFIGURATION_NAME_MAX} characters`,
  validUntil: 'Valid until must be a date (YYYY-MM-DD)',
  validUntilPast: 'Valid until cannot be before today',
  validUntilTooFar: `Valid until can be at most ${VALID_UNTIL_MAX_DAYS} days from today`,
  status: 'Status must be draft, sent, accepted or declined',
  statusFilter: 'Status must be draft, sent, accepted, declined or expired',
  revision: 'Revision not found',
  accepted: 'An accepted quote cannot be changed; duplicate it instead',
  acceptedDelete: 'An accepted quote can only be deleted by an admin',
  shareExpired: 'This quote has expired: set a new valid-until date before sharing it',
  acceptExpired: 'This quote has expired: set a new valid-until date before marking it accepted',
  sendAnswered: 'This quote has been answered: move it back to draft or duplicate it to send it again',
  sendNoRecipient: 'Please enter a valid email address',
  sendUnverified: 'Please verify your email address before sending quotes',
} as const;

/** A saved quote below its package's smallest tier (docs/PRODUCT.md "Saved quotes"): "Units must be at least 100 for Entry". */
export const belowMinimumMessage = (model: 'sqm' | 'user', minimum: number, packageName: string) =>
  `${model === 'user' ? 'Users' : 'Units'} must be at least ${formatCount(minimum)} for ${packageName}`;

/** The 429 of a send beyond SEND_LIMIT_PER_HOUR (docs/API.md "Sending a quote"). */
export const sendLimitMessage = (limit: number, minutes: number) =>
  `You can send at most ${limit} quote${limit === 1 ? '' : 's'} an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
const m = configurationMessages;

/**
 * Whole numbers may arrive as strings of digits ("3"), read as the calculator reads its fields (docs/PRODUCT.md
 * "Numbers as typed"); anything else is left for the schema to reject with the field's message.
 */
function numeric(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  return parseTypedWhole(v) ?? v;
}

/** A price may arrive as typed text, with a decimal point or a decimal comma ("12,50"). */
function decimal(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const d = typedDecimal(v);
  return d === null ? v : Number(d);
}

const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(numeric, z.number({ error: message }).int(message).min(min, message).max(max, message));

const id = (message: string) => wholeNumber(1, Number.MAX_SAFE_INTEGER, message);

const name = z
  .string({ error: m.name })
  .trim()
  .min(1, m.name)
  .max(CONFIGURATION_NAME_MAX, m.nameTooLong)
  .refine(...refineSingleLine('Configuration name'));

const packageId = id(m.packageNotFound);
const locations = wholeNumber(1, MAX_LOCATIONS, m.locations);
const squareMeters = wholeNumber(0, MAX_QUANTITY_SAVED, m.squareMeters);
const userCount = wholeNumber(0, MAX_QUANTITY_SAVED, m.userCount);
const pricingModel = z.enum(PRICING_MODELS, { error: m.pricingModel });
const contractDuration = z.preprocess(numeric, z.literal(CONTRACT_DURATIONS, { error: m.contractDuration }));
const paymentFrequency = z.preprocess((v) => (v === 'annual' ? 'annually' : v), z.enum(PAYMENT_FREQUENCIES, { error: m.paymentFrequency }));

/** How many of a line: an add-on priced per item, or a custom item. */
const lineQuantity = wholeNumber(1, MAX_LINE_QUANTITY, m.quantity);

/** The calculator's selected add-on as a save takes it: its fields, one definition (ADD_ON_SELECTION_FIELDS). */
const addOnSelectionObject = z.object({
  id: id(m.addOns),
  waiveSetupFee: z.boolean({ error: m.waiveSetupFee }).optional(),
  quantity: lineQuantity.optional(),
});
export const ADD_ON_SELECTION_FIELDS = addOnSelectionObject.keyof().options;
export type AddOnSelectionFields = AddOnSelection;

/**
 * An add-on id, or `{ id, waiveSetupFee, quantity }` (the calculator's selected add-on; its `category` is ignored).
 * Whether a quantity above 1 fits the add-on's unit is the server's check against the catalogue.
 */
const addOnSelection = z.union(
  [
    id(m.addOns).transform((addOnId): AddOnSelectionFields => ({ id: addOnId, waiveSetupFee: false, quantity: 1 })),
    addOnSelectionObject.transform((a): AddOnSelectionFields => ({ ...a, waiveSetupFee: a.waiveSetupFee === true, quantity: a.quantity ?? 1 })),
  ],
  { error: m.addOns },
);
const addOns = z.array(addOnSelection, { error: m.addOns }).max(MAX_SELECTED_IDS, m.addOns);
const discountIds = z.array(id(m.discountIds), { error: m.discountIds }).max(MAX_SELECTED_IDS, m.discountIds);

const customItemPrice = z.preprocess(
  decimal,
  z
    .number({ error: m.customItemPrice })
    // a price that rounds to 0.00 is no price either
    .min(0.005, m.customItemPrice)
    .max(MAX_CUSTOM_ITEM_PRICE, m.customItemPriceTooHigh),
);
export const customItemInput = z.object({
  id: z
    .union([
      z
        .string()
        .max(100)
        .refine(...refineSingleLine('Custom item id')),
      z.number(),
    ])
    .optional(),
  name: z
    .string({ error: m.customItemName })
    .trim()
    .min(1, m.customItemName)
    .max(CONFIGURATION_NAME_MAX, m.customItemNameTooLong)
    .refine(...refineSingleLine('Custom item name')),
  description: z
    .string({ error: m.customItemDescription })
    .max(CUSTOM_ITEM_DESCRIPTION_MAX, m.customItemDescription)
    .refine(...refineMultiLine('Custom item description'))
    .nullish()
    .transform((d) => d ?? ''),
  isOneTime: z.boolean({ error: m.customItemOneTime }).optional().default(false),
  price: customItemPrice,
  quantity: lineQuantity.optional().default(1),
});
const customItems = z.array(customItemInput, { error: m.customItems }).max(MAX_CUSTOM_ITEMS, m.tooManyCustomItems);

/** Two decimals, as money and percentages are kept. */
const hundredths = (v: number) => Math.round(v * 100) / 100;

/**
 * The seller's discount (docs/PRODUCT.md "Pricing" step 5): a percentage above 0 and at most 100, or a fixed euro
 * amount per month above 0, with a reason; null removes it.
 */
export const sellerDiscountInput = z
  .object(
    {
      type: z.enum(SELLER_DISCOUNT_TYPES, { error: m.sellerDiscountType }),
      value: z.preprocess(decimal, z.number({ error: m.sellerDiscountPercentage }).transform(hundredths)),
      reason: z
        .string({ error: m.sellerDiscountReason })
        .trim()
        .min(1, m.sellerDiscountReason)
        .max(SELLER_DISCOUNT_REASON_MAX, m.sellerDiscountReasonTooLong)
        .refine(...refineSingleLine('Reason')),
    },
    { error: m.sellerDiscount },
  )
  .superRefine((d, ctx) => {
    const problem =
      d.type === 'percentage'
        ? !(d.value > 0 && d.value <= 100) && m.sellerDiscountPercentage
        : !(d.value > 0)
          ? m.sellerDiscountFixed
          : d.value > MAX_CUSTOM_ITEM_PRICE && m.sellerDiscountFixedTooHigh;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value'] });
  })
  .nullable();

/** A customer field: optional; empty (or null) clears it, answered as null. */
const customerText = (label: string, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(CONFIGURATION_NAME_MAX, tooLong)
    .refine(...refineSingleLine(label))
    .nullish()
    .transform((v) => (v ? v : null));
const customerCompany = customerText('Customer company', m.customerCompanyTooLong);
const customerName = customerText('Contact name', m.customerNameTooLong);
const customerEmail = z
  .string({ error: m.customerEmail })
  .trim()
  .max(254, m.customerEmail)
  .refine((v) => v === '' || z.email().safeParse(v).success, m.customerEmail)
  .nullish()
  .transform((v) => (v ? v : null));

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** Whether `v` is a real calendar day: 2026-02-30 and 2026-13-01 are not (the latter is no date at all to Date). */
function isCalendarDay(v: string): boolean {
  if (!ISO_DATE_RE.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
}

/** A calendar day, YYYY-MM-DD. Whether it is before today or more than a year ahead is the server's check. */
export const isoDate = z.string({ error: m.validUntil }).trim().refine(isCalendarDay, m.validUntil);

/** The quote's own fields besides its pricing inputs: who it is for and until when its prices hold. */
const quoteFields = {
  customerCompany: customerCompany.optional(),
  customerName: customerName.optional(),
  customerEmail: customerEmail.optional(),
  validUntil: isoDate.optional(),
};

/**
 * A quote's pricing inputs, each field once: a change of any of them prices the quote again as a new revision
 * (PRICING_FIELDS, pricingKey in ../pricing-key.ts), and the calculator's draft fingerprint reads the same fields.
 */
export const pricingInput = z.object({
  packageId,
  locations,
  squareMeters,
  userCount,
  pricingModel,
  addOns,
  discountIds,
  contractDuration,
  paymentFrequency,
  customItems,
  sellerDiscount: sellerDiscountInput,
});
export type PricingFields = z.output<typeof pricingInput>;
export type PricingField = keyof PricingFields;
/** The fields whose change means the stored figures must be priced again. */
export const PRICING_FIELDS = pricingInput.keyof().options;
/** A custom item's own fields; its id is the client's handle, not part of the quote. */
export const CUSTOM_ITEM_PRICING_FIELDS = customItemInput.omit({ id: true }).keyof().options;

/**
 * Save as new. Only name and package are required; a missing input takes the engine's default for it (docs/PRODUCT.md "Pricing"
 * step 1). totalMonthly, setupFees, userId and anything else sent are ignored: the server prices and owns.
 */
export const configurationCreateInput = z.object({
  name,
  ...pricingInput.shape,
  locations: locations.optional().default(1),
  squareMeters: squareMeters.optional().default(0),
  userCount: userCount.optional().default(0),
  pricingModel: pricingModel.optional().default('sqm'),
  addOns: addOns.optional().default([]),
  discountIds: discountIds.optional().default([]),
  contractDuration: contractDuration.optional().default(12),
  paymentFrequency: paymentFrequency.optional().default('annually'),
  customItems: customItems.optional().default([]),
  sellerDiscount: sellerDiscountInput.optional().default(null),
  ...quoteFields,
});
export type ConfigurationFields = z.output<typeof configurationCreateInput>;

/** Overwrite: any subset of the fields; what is absent keeps its stored value. */
export const configurationUpdateInput = z.object({
  id: id(m.id),
  name: name.optional(),
  ...pricingInput.partial().shape,
  ...quoteFields,
});
export type ConfigurationPatch = z.output<typeof configurationUpdateInput>;

export const configurationIdInput = z.object({ id: id(m.id) });

export const configurationStatusInput = z.object({ id: id(m.id), status: z.enum(QUOTE_STATUSES, { error: m.status }) });
export const configurationRevisionInput = z.object({ id: id(m.id), revision: wholeNumber(1, 1_000_000_000, m.revision) });
const statusFilter = z.enum(QUOTE_STATUS_FILTERS, { error: m.statusFilter });

export const configurationScope = z.enum(['mine', 'all'], { error: m.scope });

/**
 * The plain list (seed's GET /api/configurations): an admin gets everyone's unless scope is 'mine'. Bounded, so one
 * request cannot answer a whole table: at most CONFIGURATIONS_ALL_MAX rows, newest first; `page` / `limit` (≤ that
 * maximum) page through the rest.
 * Scripts that need everything should use the paged list (configurations.list) or page this one.
 */
export const CONFIGURATIONS_ALL_MAX = 1000;
export const configurationAllInput = z
  .object({
    scope: configurationScope.optional(),
    status: statusFilter.optional(),
    page: wholeNumber(1, 1_000_000_000, m.page).optional(),
    limit: wholeNumber(1, CONFIGURATIONS_ALL_MAX, `Limit must be a whole number from 1 to ${CONFIGURATIONS_ALL_MAX}`).optional(),
  })
  .optional();
export type ConfigurationAllQuery = z.output<typeof configurationAllInput>;

export const CONFIGURATION_SORTS = ['createdAt', 'packageName', 'locations', 'contractDuration', 'tcv'] as const;
export type ConfigurationSort = (typeof CONFIGURATION_SORTS)[number];

/** One page of the saved-configurations table: sorted, paged and searched on the server. */
export const configurationListInput = z.object({
  scope: configurationScope.optional(),
  sort: z.enum(CONFIGURATION_SORTS, { error: m.sort }).optional().default('createdAt'),
  direction: z.enum(['asc', 'desc'], { error: m.direction }).optional().default('desc'),
  page: wholeNumber(1, 1_000_000_000, m.page).optional().default(1),
  search: z.string({ error: m.search }).trim().max(200, m.search).optional(),
  status: statusFilter.optional(),
});
export type ConfigurationListInput = z.input<typeof configurationListInput>;
export type ConfigurationListQuery = z.output<typeof configurationListInput>;
