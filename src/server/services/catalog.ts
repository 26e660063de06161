// Catalogue reads: every screen that shows packages, add-ons, categories or discounts gets them from here.
import { asc } from 'drizzle-orm';
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
import type {
  AddOnDto,
  CatalogDto,
  CategoryDto,
  DiscountDto,
  PackageDto,
  PriceTierDto,
  UserPriceTierDto,
} from '../../shared/catalog';
import { formatMoney } from '../../shared/money';
import { transaction, type Db } from '../db/database';

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

/** Packages ordered by base price (Entry, Advanced, Ultimate), tiers sorted by their minimum. */
export function listPackages(db: Db): PackageDto[] {
  const features = groupBy(
    db.select().from(packageFeatures).orderBy(asc(packageFeatures.position), asc(packageFeatures.id)).all(),
    (f) => f.packageId,
  );
  const unitTiers = groupBy(
    db.select().from(priceTiers).orderBy(asc(priceTiers.minSqm), asc(priceTiers.id)).all(),
    (t) => t.packageId,
  );
  const userTiers = groupBy(
    db.select().from(userPriceTiers).orderBy(asc(userPriceTiers.minUsers), asc(userPriceTiers.id)).all(),
    (t) => t.packageId,
  );
  return db
    .select()
    .from(packages)
    .orderBy(asc(packages.basePrice), asc(packages.id))
    .all()
    .map((p) => toPackageDto(p, features.get(p.id) ?? [], unitTiers.get(p.id) ?? [], userTiers.get(p.id) ?? []));
}

export function listAddOns(db: Db): AddOnDto[] {
  const availability = groupBy(
    db.select().from(addonPackages).orderBy(asc(addonPackages.packageId)).all(),
    (r) => r.addonId,
  );
  return db
    .select()
    .from(addons)
    .orderBy(asc(addons.id))
    .all()
    .map((a) => toAddOnDto(a, (availability.get(a.id) ?? []).map((r) => r.packageId)));
}

export function listCategories(db: Db): CategoryDto[] {
  return db.select().from(addonCategories).orderBy(asc(addonCategories.name), asc(addonCategories.id)).all().map(toCategoryDto);
}

/** Discounts in catalogue order (ascending id), the order in which the engine applies them. */
export function listDiscounts(db: Db): DiscountDto[] {
  const conditions = groupBy(
    db.select().from(discountConditions).orderBy(asc(discountConditions.position), asc(discountConditions.id)).all(),
    (c) => c.discountId,
  );
  return db
    .select()
    .from(discounts)
    .orderBy(asc(discounts.id))
    .all()
    .map((d) => toDiscountDto(d, conditions.get(d.id) ?? []));
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
