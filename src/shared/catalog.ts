// The catalogue's conversion to the engine's exact form (its answer schemas: ./schemas/catalog.ts). Browser and
// server both price from the answered catalogue, so both get the same figures.
import { parseMoney } from './money';
import type { PricingCatalog, PricingTier } from './pricing/types';
import type { CatalogDto, FeatureDto, PackageDto } from './schemas/catalog';

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
      unit: a.unit,
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
