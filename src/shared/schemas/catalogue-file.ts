// The catalogue as a file (docs/API.md "The catalogue as a file"): everything named by name, never by id, so a file
// loads into another install. Each item is checked with the same schemas as the admin's own forms.
import { z } from 'zod';
import { anyValue, int, money } from './answer-fields';
import { createAddOnInput, createCategoryInput, createDiscountInput, createPackageInput } from './catalog-admin';
import { ADD_ON_UNITS } from '../value-sets';

export const CATALOGUE_FILE_VERSION = 1;

const filePackageOutput = z.object({
  name: z.string(),
  description: z.string(),
  basePrice: money(),
  setupFee: money(),
  extraLocationPrice: money(),
  features: z.array(z.object({ text: z.string(), included: z.boolean() })),
  priceTiers: z.array(z.object({ minSqm: int(), maxSqm: int().nullable(), pricePerSqm: money() })),
  userPriceTiers: z.array(z.object({ minUsers: int(), maxUsers: int().nullable(), pricePerUser: money() })),
});
export type FilePackage = z.infer<typeof filePackageOutput>;
const fileCategoryOutput = z.object({ name: z.string(), icon: z.string().nullable(), allowsMultipleSelection: z.boolean() });
export type FileCategory = z.infer<typeof fileCategoryOutput>;
const fileAddOnOutput = z.object({
  name: z.string(),
  /** The category's name; null: uncategorised. */
  category: z.string().nullable(),
  description: z.string(),
  /** What its fees are multiplied by; a file without it means 'quote' (files written before add-ons had units). */
  unit: z.enum(ADD_ON_UNITS),
  setupFee: money(),
  monthlyFee: money(),
  /** Package names. */
  availableForPackages: z.array(z.string()),
});
export type FileAddOn = z.infer<typeof fileAddOnOutput>;
const fileDiscountOutput = z.object({
  name: z.string(),
  description: z.string(),
  type: z.string(),
  value: z.string(),
  /** A `package` condition names its package(s) by name. */
  conditions: z.array(
    z.object({
      type: z.string(),
      operator: z.string(),
      value: anyValue().meta({
        anyOf: [
          { type: 'integer', minimum: 0 },
          { type: 'string', description: 'A package name, a payment frequency or a pricing model' },
          { type: 'array', items: { type: 'string' }, description: 'Package names, for the `in` operator' },
        ],
      }),
    }),
  ),
});
export type FileDiscount = z.infer<typeof fileDiscountOutput>;
/** GET /api/admin/catalogue: the catalogue as a file. */
export const catalogueFileOutput = z.object({
  version: z.literal(1),
  packages: z.array(filePackageOutput),
  categories: z.array(fileCategoryOutput),
  addOns: z.array(fileAddOnOutput),
  discounts: z.array(fileDiscountOutput),
});
export type CatalogueFile = z.infer<typeof catalogueFileOutput>;

/** The file's outer shape; each item is checked on its own (every problem is listed, not only the first). */
export const catalogueFileShape = z.object(
  {
    version: z.literal(CATALOGUE_FILE_VERSION, { error: `version must be ${CATALOGUE_FILE_VERSION}` }),
    packages: z.array(z.unknown(), { error: 'packages must be a list' }).max(1000, 'At most 1,000 packages'),
    categories: z.array(z.unknown(), { error: 'categories must be a list' }).max(1000, 'At most 1,000 categories'),
    addOns: z.array(z.unknown(), { error: 'addOns must be a list' }).max(5000, 'At most 5,000 add-ons'),
    discounts: z.array(z.unknown(), { error: 'discounts must be a list' }).max(1000, 'At most 1,000 discounts'),
  },
  { error: 'The catalogue file must be a JSON object' },
);

export const filePackageSchema = createPackageInput.extend({ name: createPackageInput.shape.name });
export const fileCategorySchema = createCategoryInput;
export const fileAddOnSchema = createAddOnInput.omit({ categoryId: true, availableForPackages: true }).extend({
  category: z.union([z.null(), z.string()], { error: 'category must be a category name or null' }).default(null),
  availableForPackages: z
    .array(z.string({ error: 'availableForPackages must list package names' }), { error: 'availableForPackages must list package names' })
    .default([]),
});
export const fileDiscountSchema = createDiscountInput;

const fieldChange = z.object({ field: z.string(), before: anyValue(), after: anyValue() });
const changes = z.object({
  created: z.array(z.string()),
  updated: z.array(z.string()),
  deleted: z.array(z.string()),
  /** Each updated item (by the file's name) with the fields that change, before and after in the file's form. */
  changes: z.array(z.object({ name: z.string(), fields: z.array(fieldChange) })),
});
export type CatalogueChanges = z.infer<typeof changes>;
/** What an import changes (or would change, for a dry run), per list, by name. */
export const catalogueImportOutput = z.object({ dryRun: z.boolean(), packages: changes, categories: changes, addOns: changes, discounts: changes });
export type CatalogueImportResult = z.infer<typeof catalogueImportOutput>;
export const catalogueImportInput = z.object({
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
  // Checked by catalogueFileShape and the item schemas, each problem listed; its `.meta()` is what the API
  // description shows: the file's outer shape.
  catalogue: z.unknown().meta({
    type: 'object',
    description: 'A catalogue file, as GET /api/admin/catalogue answers it',
    required: ['version', 'packages', 'categories', 'addOns', 'discounts'],
    properties: {
      version: { const: CATALOGUE_FILE_VERSION },
      packages: { type: 'array', maxItems: 1000, items: { type: 'object' } },
      categories: { type: 'array', maxItems: 1000, items: { type: 'object' } },
      addOns: { type: 'array', maxItems: 5000, items: { type: 'object' } },
      discounts: { type: 'array', maxItems: 1000, items: { type: 'object' } },
    },
  }),
});
