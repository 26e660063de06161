// The catalogue as the API answers it (docs/PRODUCT.md "The API's conventions": money as two-decimal strings), and its conversion to the
// engine's exact form. Browser and server both price from these DTOs, so both get the same figures.
import { parseMoney } from './money';
import type { PricingCatalog, PricingTier } from './pricing/types';

export interface FeatureDto {
  id: number;
  text: string;
  included: boolean;
}
export interface PriceTierDto {
  id: number;
  packageId: number;
  minSqm: number;
  maxSqm: number | null;
  pricePerSqm: string;
}
export interface UserPriceTierDto {
  id: number;
  packageId: number;
  minUsers: number;
  maxUsers: number | null;
  pricePerUser: string;
}
export interface PackageDto {
  id: number;
  name: string;
  description: string;
  basePrice: string;
  setupFee: string;
  extraLocationPrice: string;
  features: FeatureDto[];
  priceTiers: PriceTierDto[];
  userPriceTiers: UserPriceTierDto[];
  createdAt: string;
}
export interface AddOnDto {
  id: number;
  name: string;
  description: string;
  categoryId: number | null;
  setupFee: string;
  monthlyFee: string;
  availableForPackages: number[];
}
export interface CategoryDto {
  id: number;
  name: string;
  icon: string | null;
  allowsMultipleSelection: boolean;
}
export interface ConditionDto {
  id: number;
  type: string;
  operator: string;
  value?: unknown;
}
export interface DiscountDto {
  id: number;
  name: string;
  description: string;
  type: string;
  value: string;
  conditions: ConditionDto[];
}
export interface CatalogDto {
  packages: PackageDto[];
  addOns: AddOnDto[];
  categories: CategoryDto[];
  discounts: DiscountDto[];
}

/** Unparseable prices become NaN, which the engine treats as invalid and replaces by its fallback. */
const cents = (s: string): number => parseMoney(s) ?? Number.NaN;

type PackageFields = Pick<PackageDto, 'name' | 'description' | 'basePrice' | 'setupFee' | 'extraLocationPrice'> & {
  features: Pick<FeatureDto, 'text' | 'included'>[];
};

/**
 * What an administrator edits of a package (docs/PRODUCT.md "The admin area"), as the package form and the catalogue
 * file hold it: no ids, no tiers.
 */
export function packageFields(p: PackageFields): PackageFields {
  return {
    name: p.name,
    description: p.description,
    basePrice: p.basePrice,
    setupFee: p.setupFee,
    extraLocationPrice: p.extraLocationPrice,
    features: p.features.map((f) => ({ text: f.text, included: f.included })),
  };
}

export function toPricingCatalog(c: Pick<CatalogDto, 'packages' | 'addOns' | 'discounts'>): PricingCatalog {
  return {
    packages: c.packages.map((p) => ({
      id: p.id,
      name: p.name,
      basePrice: cents(p.basePrice),
      setupFee: cents(p.setupFee),
      extraLocationPrice: cents(p.extraLocationPrice),
      priceTiers: p.priceTiers.map((t): PricingTier => ({ min: t.minSqm, max: t.maxSqm, price: cents(t.pricePerSqm) })),
      userPriceTiers: p.userPriceTiers.map((t): PricingTier => ({ min: t.minUsers, max: t.maxUsers, price: cents(t.pricePerUser) })),
    })),
    addOns: c.addOns.map((a) => ({
      id: a.id,
      name: a.name,
      categoryId: a.categoryId,
      monthlyFee: cents(a.monthlyFee),
      setupFee: cents(a.setupFee),
      availableForPackages: a.availableForPackages,
    })),
    discounts: c.discounts.map((d) => ({
      id: d.id,
      name: d.name,
      type: d.type,
      value: cents(d.value),
      conditions: d.conditions.map(({ type, operator, value }) => ({ type, operator, value })),
    })),
  };
}
