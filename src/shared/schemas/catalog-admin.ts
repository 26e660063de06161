// Admin catalogue inputs (docs/PRODUCT.md "The admin area"): one schema per input, shared by the admin forms and the server.
// Money is accepted as a number or as typed text (docs/PRODUCT.md "Numbers as typed": "12,50" and "12.50" alike) and
// comes out as integer cents; discount values as hundredths.
// Update schemas are built from the same fields WITHOUT defaults: zod keeps defaults through .partial(), and a
// partial update must never reset a field the admin did not send.
import { z } from 'zod';
import { ADD_ON_UNITS, DISCOUNT_TYPES, isOneOf, PAYMENT_FREQUENCIES, PRICING_MODELS } from '../value-sets';
import { readMoney, readWhole } from '../typed-numbers';
import { conditionValueJson } from './catalog';
import { controlCharsMessage, isSingleLineText, refineMultiLine, refineSingleLine } from './text';

export const CATEGORY_ICONS = [
  'building',
  'house',
  'door',
  'chat',
  'phone',
  'envelope',
  'megaphone',
  'shield',
  'lock',
  'currency',
  'cart',
  'credit-card',
  'wifi',
  'printer',
  'database',
  'cloud',
  'network',
  'calendar',
  'clock',
  'file',
  'checklist',
  'people',
  'briefcase',
  'lightbulb',
  'tools',
  'gear',
  'graph',
  'checkmark',
  'map',
  'globe',
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

// The engine owns the list of discount types it applies; the admin forms offer exactly those.
export { type DiscountType } from '../value-sets';

export const CONDITION_TYPES = ['contractDuration', 'squareMeters', 'userCount', 'locations', 'package', 'paymentFrequency', 'pricingModel'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

const NUMERIC_OPERATORS = ['=', '>', '>=', '<', '<='] as const;

/** 99,999,999.99: far above any real price, and keeps every sum of catalogue amounts an exact integer. */
export const MAX_MONEY_CENTS = 9_999_999_999;
const MAX_QUANTITY = 1_000_000_000;

export const PACKAGE_NAME_REQUIRED = 'Package name is required';
export const ADDON_REQUIRED = 'Name and category are required';
export const CATEGORY_NAME_REQUIRED = 'Category name is required';
export const DISCOUNT_REQUIRED = 'Please fill in all required fields';
export const TIERS_OVERLAP = 'Tier ranges must not overlap';
export const ONLY_LAST_UNBOUNDED = 'Only the last tier may have no upper limit';
export const TIER_MAX_BELOW_MIN = 'The maximum of a tier must not be below its minimum';
export const TIER_PRICE_POSITIVE = 'Price must be greater than 0';
export const TIER_PRICE_TOO_LARGE = 'Price is too large';
export const DISCOUNT_VALUE_NOT_A_NUMBER = 'Discount value must be a number';
export const DISCOUNT_VALUE_TOO_LARGE = 'Discount value is too large';

/**
 * A catalogue money field ≥ 0 (a fee, a base price) as typed or sent: its cents, or why it is refused in the field's
 * own words. The admin forms and the server's schemas both read it here.
 */
export function readCatalogMoney(label: string, raw: unknown): { cents: number } | { problem: string } {
  const cents = readMoney(raw);
  if (cents === null) return { problem: `${label} must be a number` };
  if (cents < 0) return { problem: `${label} must be 0 or more` };
  if (cents > MAX_MONEY_CENTS) return { problem: `${label} is too large` };
  return { cents };
}

/**
 * Two packages, two categories, two add-ons or two discount rules never share a name: names are compared trimmed and
 * without regard to case (docs/PRODUCT.md "The admin area"). The one comparison of the services, the import and the
 * seed.
 */
export function catalogueNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** The kinds of catalogue item that have a name, by the audit's entity names. */
export type NamedCatalogueKind = 'package' | 'addon' | 'category' | 'discount';

/** Each kind as the screens name it ("Package added successfully", "Discount rule added successfully"). */
export const CATALOGUE_KIND_NOUN: Record<NamedCatalogueKind, string> = {
  package: 'A package',
  addon: 'An add-on',
  category: 'A category',
  discount: 'A discount rule',
};

/** 409: "A package named Entry already exists", the name as it was sent. */
export function nameTakenMessage(kind: NamedCatalogueKind, name: string): string {
  return `${CATALOGUE_KIND_NOUN[kind]} named ${name} already exists`;
}

export const DEFAULT_PACKAGE_FEATURES: { text: string; included: boolean }[] = [
  { text: 'Basic features', included: true },
  { text: 'Standard support', included: true },
];
export const DEFAULT_DISCOUNT_CONDITIONS: { type: ConditionType; operator: string; value: number }[] = [
  { type: 'contractDuration', operator: '>=', value: 24 },
];

// ---------------------------------------------------------------------------------------------------------------
// Field helpers

const numberOrString = (message: string) => z.union([z.number(), z.string()], { error: message });

/** A money amount ≥ 0 in cents. */
function money(label: string) {
  return numberOrString(`${label} must be a number`).transform((raw, ctx) => {
    const r = readCatalogMoney(label, raw);
    if ('problem' in r) {
      ctx.addIssue({ code: 'custom', message: r.problem });
      return z.NEVER;
    }
    return r.cents;
  });
}

/** A whole number ≥ 0 from a number or a string of digits ("24"); null otherwise. */
export function toWholeNumber(raw: unknown): number | null {
  const n = readWhole(raw);
  return n !== null && n >= 0 && n <= MAX_QUANTITY ? n : null;
}

function wholeNumber(message: string) {
  return numberOrString(message).transform((raw, ctx) => {
    const n = toWholeNumber(raw);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

/** A record id from a number or a numeric string. */
function idLike(message: string) {
  return numberOrString(message).transform((raw, ctx) => {
    const n = toWholeNumber(raw);
    if (n === null || n < 1) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

const recordId = z.number({ error: 'Not found' }).int('Not found').positive('Not found');
const description = z
  .string({ error: 'Description must be text' })
  .max(5000, 'Description is too long')
  .refine(...refineMultiLine('Description'));

// ---------------------------------------------------------------------------------------------------------------
// Tiers

const tierMin = wholeNumber('Minimum must be a whole number of 0 or more');
const tierMax = z
  .union([z.null(), z.literal(''), z.number(), z.string()], {
    error: 'Maximum must be a whole number, or empty for no limit',
  })
  .transform((raw, ctx) => {
    if (raw === null || raw === '' || (typeof raw === 'string' && raw.trim() === '')) return null;
    const n = toWholeNumber(raw);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: 'Maximum must be a whole number, or empty for no limit' });
      return z.NEVER;
    }
    return n;
  });
const tierPrice = numberOrString(TIER_PRICE_POSITIVE).transform((raw, ctx) => {
  const cents = readMoney(raw);
  if (cents === null || cents <= 0) {
    ctx.addIssue({ code: 'custom', message: TIER_PRICE_POSITIVE });
    return z.NEVER;
  }
  if (cents > MAX_MONEY_CENTS) {
    ctx.addIssue({ code: 'custom', message: TIER_PRICE_TOO_LARGE });
    return z.NEVER;
  }
  return cents;
});

export interface TierRange {
  min: number;
  max: number | null;
}

/**
 * The rules for a package's tiers of one kind, as a whole: each max ≥ its min, no two ranges share a quantity,
 * and only the highest may be unbounded. Gaps are allowed (the engine then uses the last tier's price). Returns
 * the first problem's message, or null.
 */
export function tierSetProblem(tiers: readonly TierRange[]): string | null {
  for (const t of tiers) if (t.max !== null && t.max < t.min) return TIER_MAX_BELOW_MIN;
  const sorted = [...tiers].sort((a, b) => a.min - b.min);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const next = sorted[i]!;
    if (prev.max === null) return ONLY_LAST_UNBOUNDED;
    if (prev.max >= next.min) return TIERS_OVERLAP;
  }
  return null;
}

const MAX_TIERS = 100;
const tierList = <T extends z.ZodType<TierRange>>(tier: T) =>
  z
    .array(tier, { error: 'Tiers must be a list' })
    .max(MAX_TIERS, `A package can have at most ${MAX_TIERS} tiers of one kind`)
    .superRefine((tiers, ctx) => {
      const problem = tierSetProblem(tiers);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** A tier in the engine's terms; the seed's field names (minSqm/minUsers, ...) are read as aliases. */
export const tierInput = z.preprocess(
  (raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const r = raw as Record<string, unknown>;
    return {
      min: r.min ?? r.minSqm ?? r.minUsers,
      max: r.max !== undefined ? r.max : r.maxSqm !== undefined ? r.maxSqm : r.maxUsers,
      price: r.price ?? r.pricePerSqm ?? r.pricePerUser,
    };
  },
  z.object({ min: tierMin, max: tierMax.optional().transform((v) => v ?? null), price: tierPrice }, { error: 'Each tier must be an object' }),
);
export type TierInput = z.output<typeof tierInput>;

export const tierKind = z.enum(['unit', 'user'], { error: 'Tier kind must be unit or user' });
export type TierKind = z.output<typeof tierKind>;

/** Replaces all of a package's tiers of one kind (Save Changes, Auto-Generate). An empty list removes them all. */
export const replaceTiersInput = z.object({ packageId: recordId, kind: tierKind, tiers: tierList(tierInput) });

const unitTierFields = { minSqm: tierMin, maxSqm: tierMax, pricePerSqm: tierPrice };
const userTierFields = { minUsers: tierMin, maxUsers: tierMax, pricePerUser: tierPrice };

const unitTierBody = z.object({ ...unitTierFields, maxSqm: tierMax.optional().transform((v) => v ?? null) });
const userTierBody = z.object({ ...userTierFields, maxUsers: tierMax.optional().transform((v) => v ?? null) });

export const createUnitTierInput = unitTierBody.extend({ packageId: recordId });
export const updateUnitTierInput = z.object(unitTierFields).partial().extend({ packageId: recordId, tierId: recordId });
export const deleteTierInput = z.object({ packageId: recordId, tierId: recordId });
export const createUserTierInput = userTierBody.extend({ packageId: recordId });
export const updateUserTierInput = z.object(userTierFields).partial().extend({ packageId: recordId, tierId: recordId });

// ---------------------------------------------------------------------------------------------------------------
// Packages

const featureInput = z
  .union(
    [
      z.string(),
      z.object({
        text: z.string({ error: 'Feature text is required' }),
        included: z.boolean({ error: 'Included must be true or false' }).optional(),
      }),
    ],
    { error: 'Each feature needs a text' },
  )
  .transform((raw, ctx) => {
    const f = typeof raw === 'string' ? { text: raw, included: true } : { text: raw.text, included: raw.included ?? true };
    const text = f.text.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: 'Feature text is required' });
      return z.NEVER;
    }
    if (text.length > 500) {
      ctx.addIssue({ code: 'custom', message: 'Feature text is too long' });
      return z.NEVER;
    }
    if (!isSingleLineText(text)) {
      ctx.addIssue({ code: 'custom', message: controlCharsMessage('Feature text') });
      return z.NEVER;
    }
    return { text, included: f.included };
  });

const packageFields = {
  name: z
    .string({ error: PACKAGE_NAME_REQUIRED })
    .trim()
    .min(1, PACKAGE_NAME_REQUIRED)
    .max(200, 'Package name is too long')
    .refine(...refineSingleLine('Package name')),
  description,
  features: z.array(featureInput, { error: 'Features must be a list' }).max(100, 'A package can have at most 100 features'),
  basePrice: money('Base price'),
  setupFee: money('Setup fee'),
  extraLocationPrice: money('Extra location price'),
};

/**
 * docs/PRODUCT.md "The admin area" defaults: fees 0 and the two standard features when `features` is not sent (an explicit empty list
 * is respected). Tiers may be sent in the seed's field names; the admin form sends empty lists.
 */
export const createPackageInput = z.object({
  name: packageFields.name,
  description: description.default(''),
  features: packageFields.features.default(() => DEFAULT_PACKAGE_FEATURES.map((f) => ({ ...f }))),
  priceTiers: tierList(unitTierBody.transform((t) => ({ min: t.minSqm, max: t.maxSqm, price: t.pricePerSqm }))).default([]),
  userPriceTiers: tierList(userTierBody.transform((t) => ({ min: t.minUsers, max: t.maxUsers, price: t.pricePerUser }))).default([]),
  basePrice: packageFields.basePrice.default(0),
  setupFee: packageFields.setupFee.default(0),
  extraLocationPrice: packageFields.extraLocationPrice.default(0),
});
export type CreatePackageInput = z.input<typeof createPackageInput>;

/** Partial; `features` replaces the list when sent. Tiers are changed through the tier calls only. */
export const updatePackageInput = z.object(packageFields).partial().extend({ id: recordId });

export const idInput = z.object({ id: recordId });

// ---------------------------------------------------------------------------------------------------------------
// Add-ons

const packageIdList = z
  .array(idLike('Package ids must be numbers'), { error: 'availableForPackages must be a list of package ids' })
  .max(1000, 'Too many package ids')
  .transform((ids) => [...new Set(ids)]);

const ADD_ON_UNIT_MESSAGE = 'Unit must be quote, location or item';

const addOnFields = {
  name: z
    .string({ error: ADDON_REQUIRED })
    .trim()
    .min(1, ADDON_REQUIRED)
    .max(200, 'Name is too long')
    .refine(...refineSingleLine('Name')),
  categoryId: idLike(ADDON_REQUIRED),
  description,
  /** what its fees are multiplied by (docs/PRODUCT.md "Pricing" step 3) */
  unit: z.enum(ADD_ON_UNITS, { error: ADD_ON_UNIT_MESSAGE }),
  setupFee: money('Setup fee'),
  monthlyFee: money('Monthly fee'),
  availableForPackages: packageIdList,
};

/** docs/PRODUCT.md "The admin area": setup 0, monthly 0, and available for every package when availableForPackages is not sent. */
export const createAddOnInput = z.object({
  name: addOnFields.name,
  categoryId: addOnFields.categoryId,
  description: description.default(''),
  unit: addOnFields.unit.default('quote'),
  setupFee: addOnFields.setupFee.default(0),
  monthlyFee: addOnFields.monthlyFee.default(0),
  availableForPackages: addOnFields.availableForPackages.optional(),
});
export type CreateAddOnInput = z.input<typeof createAddOnInput>;

export const updateAddOnInput = z.object(addOnFields).partial().extend({ id: recordId });

export const setAvailabilityInput = z.object({ id: recordId, availableForPackages: packageIdList });

// ---------------------------------------------------------------------------------------------------------------
// Categories

const iconInput = z
  .union([z.null(), z.literal(''), z.enum(CATEGORY_ICONS)], { error: 'Please choose one of the listed icons' })
  .transform((v) => (v === '' ? null : v));

const categoryFields = {
  name: z
    .string({ error: CATEGORY_NAME_REQUIRED })
    .trim()
    .min(1, CATEGORY_NAME_REQUIRED)
    .max(200, 'Category name is too long')
    .refine(...refineSingleLine('Category name')),
  icon: iconInput,
  allowsMultipleSelection: z.boolean({ error: 'allowsMultipleSelection must be true or false' }),
};

export const createCategoryInput = z.object({
  name: categoryFields.name,
  icon: categoryFields.icon.optional().transform((v) => v ?? null),
  allowsMultipleSelection: categoryFields.allowsMultipleSelection.default(false),
});

export const updateCategoryInput = z.object(categoryFields).partial().extend({ id: recordId });

// ---------------------------------------------------------------------------------------------------------------
// Discount rules

export interface ConditionValue {
  type: ConditionType;
  operator: string;
  value: number | number[] | string;
}

const conditionMessages = {
  type: 'Please choose a condition type',
  number: 'Condition values must be whole numbers of 0 or more',
  package: 'Please choose a package for this condition',
  packages: 'Please choose at least one package for this condition',
  frequency: 'Payment frequency must be monthly, quarterly or annually',
  model: 'Pricing model must be sqm or user',
};

function operatorProblem(type: ConditionType, operator: string): string | null {
  const allowed: readonly string[] =
    type === 'package' ? ['=', 'in'] : type === 'paymentFrequency' || type === 'pricingModel' ? ['='] : NUMERIC_OPERATORS;
  return allowed.includes(operator) ? null : `The operator ${operator} cannot be used for ${type}; use ${allowed.join(' or ')}`;
}

/** One condition, normalised to what the engine reads (ids and numbers as numbers, 'annual' as 'annually'). */
export const conditionInput = z
  .object(
    {
      // "units" is the seed's other name for squareMeters.
      type: z.preprocess((v) => (v === 'units' ? 'squareMeters' : v), z.enum(CONDITION_TYPES, { error: conditionMessages.type })),
      operator: z.string({ error: 'Please choose an operator' }).trim(),
      // Checked by the type below; its `.meta()` is what the API description shows.
      value: z.unknown().meta(conditionValueJson),
    },
    { error: 'Each condition needs a type, an operator and a value' },
  )
  .transform((c, ctx): ConditionValue => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message, path: ['value'] });
      return z.NEVER;
    };
    const opProblem = operatorProblem(c.type, c.operator);
    if (opProblem) {
      ctx.addIssue({ code: 'custom', message: opProblem, path: ['operator'] });
      return z.NEVER;
    }
    switch (c.type) {
      case 'package': {
        if (c.operator === 'in') {
          const list = Array.isArray(c.value) ? c.value : [c.value];
          const ids = list.map(toWholeNumber);
          if (ids.length === 0 || ids.some((id) => id === null || id < 1)) return fail(conditionMessages.packages);
          return { type: c.type, operator: c.operator, value: [...new Set(ids as number[])] };
        }
        const id = toWholeNumber(c.value);
        if (id === null || id < 1) return fail(conditionMessages.package);
        return { type: c.type, operator: c.operator, value: id };
      }
      case 'paymentFrequency': {
        const v = typeof c.value === 'string' ? c.value.trim() : null;
        const f = v === 'annual' ? 'annually' : v;
        if (!isOneOf(PAYMENT_FREQUENCIES, f)) return fail(conditionMessages.frequency);
        return { type: c.type, operator: c.operator, value: f };
      }
      case 'pricingModel': {
        const v = typeof c.value === 'string' ? c.value.trim() : null;
        if (!isOneOf(PRICING_MODELS, v)) return fail(conditionMessages.model);
        return { type: c.type, operator: c.operator, value: v };
      }
      default: {
        const n = toWholeNumber(c.value);
        if (n === null) return fail(conditionMessages.number);
        return { type: c.type, operator: c.operator, value: n };
      }
    }
  });

/** The rule's value in hundredths; blank, 0 or negative is the form's "required fields" failure. */
const discountValue = z.union([z.number(), z.string(), z.null()], { error: DISCOUNT_REQUIRED }).transform((raw, ctx) => {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: DISCOUNT_REQUIRED });
    return z.NEVER;
  }
  const v = readMoney(raw); // hundredths: the same two decimals as cents
  if (v === null) {
    ctx.addIssue({ code: 'custom', message: DISCOUNT_VALUE_NOT_A_NUMBER });
    return z.NEVER;
  }
  if (v <= 0) {
    ctx.addIssue({ code: 'custom', message: DISCOUNT_REQUIRED });
    return z.NEVER;
  }
  if (v > MAX_MONEY_CENTS) {
    ctx.addIssue({ code: 'custom', message: DISCOUNT_VALUE_TOO_LARGE });
    return z.NEVER;
  }
  return v;
});

const discountFields = {
  name: z
    .string({ error: DISCOUNT_REQUIRED })
    .trim()
    .min(1, DISCOUNT_REQUIRED)
    .max(200, 'Rule name is too long')
    .refine(...refineSingleLine('Rule name')),
  description,
  type: z.enum(DISCOUNT_TYPES, { error: 'Please choose a discount type' }),
  value: discountValue,
  conditions: z.array(conditionInput, { error: DISCOUNT_REQUIRED }).min(1, DISCOUNT_REQUIRED).max(50, 'A rule can have at most 50 conditions'),
};

/** docs/PRODUCT.md "The admin area" defaults: percentage, 10, and "contract duration at least 24 months" when those fields are omitted. */
export const createDiscountInput = z.object({
  name: discountFields.name,
  description: description.default(''),
  type: discountFields.type.default('percentage'),
  value: discountFields.value.default(1000),
  conditions: discountFields.conditions.default(() => DEFAULT_DISCOUNT_CONDITIONS.map((c) => ({ ...c }))),
});
export type CreateDiscountInput = z.input<typeof createDiscountInput>;

/** Partial; `conditions` replaces the list when sent. */
export const updateDiscountInput = z.object(discountFields).partial().extend({ id: recordId });
