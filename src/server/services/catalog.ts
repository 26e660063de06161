// Catalogue reads: every screen that shows packages, add-ons, categories or discounts gets them from here.
import type { Column, Table } from 'drizzle-orm';
import {
  addonCategories,
  addonPackages,
  addons,
  discountConditions,
  discounts,
  packageFeatures,
  packages,
  priceTiers,
  userPriceTiers,
} from '../../../db/schema';
import { selectAllOf } from '../db/columns';
import type { AddOnDto, CatalogDto, CategoryDto, DiscountDto, PackageDto, PriceTierDto, UserPriceTierDto } from '../../shared/schemas/catalog';
import { formatMoney } from '../../shared/money';
import { perDatabase, transaction, type Db } from '../db/database';

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

type PackageRow = typeof packages.$inferSelect;
type FeatureRow = typeof packageFeatures.$inferSelect;
type UnitTierRow = typeof priceTiers.$inferSelect;
type UserTierRow = typeof userPriceTiers.$inferSelect;
type AddOnRow = typeof addons.$inferSelect;
type CategoryRow = typeof addonCategories.$inferSelect;
type DiscountRow = typeof discounts.$inferSelect;
type ConditionRow = typeof discountConditions.$inferSelect;

// Row → DTO mappers, exported so the admin writes answer exactly what the lists show.
export function toPriceTierDto(t: UnitTierRow): PriceTierDto {
  return { id: t.id, packageId: t.packageId, minSqm: t.minSqm, maxSqm: t.maxSqm, pricePerSqm: formatMoney(t.pricePerSqm) };
}

export function toUserPriceTierDto(t: UserTierRow): UserPriceTierDto {
  return {
    id: t.id,
    packageId: t.packageId,
    minUsers: t.minUsers,
    maxUsers: t.maxUsers,
    pricePerUser: formatMoney(t.pricePerUser),
  };
}

/** Features, unit tiers and user tiers must already be in display order (position; tier minimum). */
export function toPackageDto(p: PackageRow, features: FeatureRow[], unitTiers: UnitTierRow[], userTiers: UserTierRow[]): PackageDto {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    basePrice: formatMoney(p.basePrice),
    setupFee: formatMoney(p.setupFee),
    extraLocationPrice: formatMoney(p.extraLocationPrice),
    features: features.map((f) => ({ id: f.id, text: f.text, included: f.included })),
    priceTiers: unitTiers.map(toPriceTierDto),
    userPriceTiers: userTiers.map(toUserPriceTierDto),
    createdAt: p.createdAt.toISOString(),
  };
}

export function toAddOnDto(a: AddOnRow, availableForPackages: number[]): AddOnDto {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    categoryId: a.categoryId,
    unit: a.unit,
    setupFee: formatMoney(a.setupFee),
    monthlyFee: formatMoney(a.monthlyFee),
    availableForPackages,
  };
}

export function toCategoryDto(c: CategoryRow): CategoryDto {
  return { id: c.id, name: c.name, icon: c.icon, allowsMultipleSelection: c.allowsMultipleSelection };
}

/** Conditions must already be in their saved order. */
export function toDiscountDto(d: DiscountRow, conditions: ConditionRow[]): DiscountDto {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    type: d.type,
    value: formatMoney(d.value),
    conditions: conditions.map((c) => ({ id: c.id, type: c.type, operator: c.operator, value: c.value })),
  };
}

// The reads below run for every catalogue change of any size (services/catalog-cache.ts rebuilds from them), so they
// are statements prepared once per database, in raw mode with the schema's column names (db/columns.ts): drizzle's row
// mapper cost several times SQLite's own work on a catalogue of thousands of add-ons (docs/DECISIONS.md "Speed inside
// the one door").
const reads = perDatabase((db: Db) => {
  const all = <T>(table: Table, orderBy: Column[]) => {
    const statement = db.$client.prepare(selectAllOf(table, orderBy));
    return () => statement.all() as T[];
  };
  return {
    packages: all<Omit<PackageRow, 'createdAt'> & { createdAt: number }>(packages, [packages.basePrice, packages.id]),
    features: all<Omit<FeatureRow, 'included'> & { included: number }>(packageFeatures, [packageFeatures.position, packageFeatures.id]),
    unitTiers: all<UnitTierRow>(priceTiers, [priceTiers.minSqm, priceTiers.id]),
    userTiers: all<UserTierRow>(userPriceTiers, [userPriceTiers.minUsers, userPriceTiers.id]),
    addOns: all<AddOnRow>(addons, [addons.id]),
    availability: all<{ addonId: number; packageId: number }>(addonPackages, [addonPackages.packageId]),
    categories: all<Omit<CategoryRow, 'allowsMultipleSelection'> & { allowsMultipleSelection: number }>(addonCategories, [
      addonCategories.name,
      addonCategories.id,
    ]),
    discounts: all<DiscountRow>(discounts, [discounts.id]),
    conditions: all<Omit<ConditionRow, 'value'> & { value: string }>(discountConditions, [discountConditions.position, discountConditions.id]),
  };
});

/** Packages ordered by base price (Entry, Advanced, Ultimate), tiers sorted by their minimum. */
export function listPackages(db: Db): PackageDto[] {
  const r = reads(db);
  const features = groupBy(
    r.features().map((f) => ({ ...f, included: f.included === 1 })),
    (f) => f.packageId,
  );
  const unitTiers = groupBy(r.unitTiers(), (t) => t.packageId);
  const userTiers = groupBy(r.userTiers(), (t) => t.packageId);
  return r
    .packages()
    .map((p) =>
      toPackageDto({ ...p, createdAt: new Date(p.createdAt) }, features.get(p.id) ?? [], unitTiers.get(p.id) ?? [], userTiers.get(p.id) ?? []),
    );
}

export function listAddOns(db: Db): AddOnDto[] {
  const r = reads(db);
  const availability = groupBy(r.availability(), (a) => a.addonId);
  return r.addOns().map((a) =>
    toAddOnDto(
      a,
      (availability.get(a.id) ?? []).map((x) => x.packageId),
    ),
  );
}

export function listCategories(db: Db): CategoryDto[] {
  return reads(db)
    .categories()
    .map((c) => toCategoryDto({ ...c, allowsMultipleSelection: c.allowsMultipleSelection === 1 }));
}

/** Discounts in catalogue order (ascending id), the order in which the engine applies them. */
export function listDiscounts(db: Db): DiscountDto[] {
  const r = reads(db);
  const conditions = groupBy(
    r.conditions().map((c) => ({ ...c, value: JSON.parse(c.value) as unknown })),
    (c) => c.discountId,
  );
  return r.discounts().map((d) => toDiscountDto(d, conditions.get(d.id) ?? []));
}

/** Everything the calculator needs, read in one transaction so prices and rules are consistent with each other. */
export function loadCatalog(db: Db): CatalogDto {
  return transaction(db, () => ({
    packages: listPackages(db),
    addOns: listAddOns(db),
    categories: listCategories(db),
    discounts: listDiscounts(db),
  }));
}
