// The catalogue as the API answers it (docs/PRODUCT.md "The API's conventions": money as two-decimal strings).
// Browser and server both price from these (shared/catalog.ts toPricingCatalog), so both get the same figures.
import { z } from 'zod';
import { int, money, when } from './answer-fields';
import { ADD_ON_UNITS } from '../value-sets';

export const featureOutput = z.object({ id: int(), text: z.string(), included: z.boolean() });
export type FeatureDto = z.infer<typeof featureOutput>;

export const priceTierOutput = z.object({ id: int(), packageId: int(), minSqm: int(), maxSqm: int().nullable(), pricePerSqm: money() });
export type PriceTierDto = z.infer<typeof priceTierOutput>;

export const userPriceTierOutput = z.object({
  id: int(),
  packageId: int(),
  minUsers: int(),
  maxUsers: int().nullable(),
  pricePerUser: money(),
});
export type UserPriceTierDto = z.infer<typeof userPriceTierOutput>;

export const packageOutput = z.object({
  id: int(),
  name: z.string(),
  description: z.string(),
  basePrice: money(),
  setupFee: money(),
  extraLocationPrice: money(),
  features: z.array(featureOutput),
  priceTiers: z.array(priceTierOutput),
  userPriceTiers: z.array(userPriceTierOutput),
  createdAt: when(),
});
export type PackageDto = z.infer<typeof packageOutput>;

export const addOnOutput = z.object({
  id: int(),
  name: z.string(),
  description: z.string(),
  categoryId: int().nullable(),
  /** what its fees are multiplied by: once per quote, per location, or per item (a quantity the seller enters) */
  unit: z.enum(ADD_ON_UNITS),
  setupFee: money(),
  monthlyFee: money(),
  availableForPackages: z.array(int()),
});
export type AddOnDto = z.infer<typeof addOnOutput>;

export const categoryOutput = z.object({ id: int(), name: z.string(), icon: z.string().nullable(), allowsMultipleSelection: z.boolean() });
export type CategoryDto = z.infer<typeof categoryOutput>;

/** A condition's value in JSON Schema (zod cannot convert a value checked in code): package id(s), a number, a word. */
export const conditionValueJson = {
  anyOf: [
    { type: 'integer', minimum: 0 },
    { type: 'array', items: { type: 'integer', minimum: 1 }, description: 'Package ids, for the `in` operator' },
    { type: 'string', description: 'A payment frequency or a pricing model' },
  ],
};
export const conditionOutput = z.object({
  id: int(),
  type: z.string(),
  operator: z.string(),
  value: z.unknown().meta(conditionValueJson).optional(),
});
export type ConditionDto = z.infer<typeof conditionOutput>;

export const discountOutput = z.object({
  id: int(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  value: z.string(),
  conditions: z.array(conditionOutput),
});
export type DiscountDto = z.infer<typeof discountOutput>;

/** Everything the calculator screen needs in one answer (catalog.all). */
export const catalogOutput = z.object({
  packages: z.array(packageOutput),
  addOns: z.array(addOnOutput),
  categories: z.array(categoryOutput),
  discounts: z.array(discountOutput),
});
export type CatalogDto = z.infer<typeof catalogOutput>;
