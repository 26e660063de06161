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
import type { AddOnDto, CatalogDto, CategoryDto, DiscountDto, PackageDto } from '../../shared/catalog';
import { formatMoney } from '../../shared/money';
import type { Db } from '../db';

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
    .map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      basePrice: formatMoney(p.basePrice),
      setupFee: formatMoney(p.setupFee),
      extraLocationPrice: formatMoney(p.extraLocationPrice),
      features: (features.get(p.id) ?? []).map((f) => ({ id: f.id, text: f.text, included: f.included })),
      priceTiers: (unitTiers.get(p.id) ?? []).map((t) => ({
        id: t.id,
        packageId: t.packageId,
        minSqm: t.minSqm,
        maxSqm: t.maxSqm,
        pricePerSqm: formatMoney(t.pricePerSqm),
      })),
      userPriceTiers: (userTiers.get(p.id) ?? []).map((t) => ({
        id: t.id,
        packageId: t.packageId,
        minUsers: t.minUsers,
        maxUsers: t.maxUsers,
        pricePerUser: formatMoney(t.pricePerUser),
      })),
      createdAt: p.createdAt.toISOString(),
    }));
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
    .map((a) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      categoryId: a.categoryId,
      setupFee: formatMoney(a.setupFee),
      monthlyFee: formatMoney(a.monthlyFee),
      availableForPackages: (availability.get(a.id) ?? []).map((r) => r.packageId),
    }));
}

export function listCategories(db: Db): CategoryDto[] {
  return db.select().from(addonCategories).orderBy(asc(addonCategories.name), asc(addonCategories.id)).all();
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
    .map((d) => ({
      id: d.id,
      name: d.name,
      description: d.description,
      type: d.type,
      value: formatMoney(d.value),
      conditions: (conditions.get(d.id) ?? []).map((c) => ({ id: c.id, type: c.type, operator: c.operator, value: c.value })),
    }));
}

/** Everything the calculator needs, read in one transaction so prices and rules are consistent with each other. */
export function loadCatalog(db: Db): CatalogDto {
  return db.transaction(() => ({
    packages: listPackages(db),
    addOns: listAddOns(db),
    categories: listCategories(db),
    discounts: listDiscounts(db),
  }));
}
