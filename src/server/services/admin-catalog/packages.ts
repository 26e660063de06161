// Package writes. Every write answers the package as GET /api/packages shows it.
import { asc, eq, inArray } from 'drizzle-orm';
import { packageFeatures, packages, priceTiers, userPriceTiers } from '../../../../db/schema';
import type { PackageDto } from '../../../shared/schemas/catalog';
import type { TierInput } from '../../../shared/schemas/catalog-admin';
import { transaction, type Db } from '../../db/database';
import { toPackageDto } from '../catalog';
import { InvalidInputError, NotFoundError } from '../../errors';
import { assertNameFree } from './names';

export const PACKAGE_NOT_FOUND = 'Package not found';

type Feature = { text: string; included: boolean };

export function getPackage(db: Db, id: number): PackageDto | null {
  const row = db.select().from(packages).where(eq(packages.id, id)).get();
  if (!row) return null;
  const features = db
    .select()
    .from(packageFeatures)
    .where(eq(packageFeatures.packageId, id))
    .orderBy(asc(packageFeatures.position), asc(packageFeatures.id))
    .all();
  const unit = db.select().from(priceTiers).where(eq(priceTiers.packageId, id)).orderBy(asc(priceTiers.minSqm), asc(priceTiers.id)).all();
  const user = db
    .select()
    .from(userPriceTiers)
    .where(eq(userPriceTiers.packageId, id))
    .orderBy(asc(userPriceTiers.minUsers), asc(userPriceTiers.id))
    .all();
  return toPackageDto(row, features, unit, user);
}

export function requirePackage(db: Db, id: number): PackageDto {
  const p = getPackage(db, id);
  if (!p) throw new NotFoundError(PACKAGE_NOT_FOUND);
  return p;
}

export function packageExists(db: Db, id: number): boolean {
  return db.select({ id: packages.id }).from(packages).where(eq(packages.id, id)).get() !== undefined;
}

/** A reference to a package in a body (not the path) that does not exist is bad input, not a missing resource. */
export function assertPackagesExist(db: Db, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const found = new Set(
    db
      .select({ id: packages.id })
      .from(packages)
      .where(inArray(packages.id, [...ids]))
      .all()
      .map((r) => r.id),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new InvalidInputError(`Package ${missing} does not exist`);
}

export function allPackageIds(db: Db): number[] {
  return db
    .select({ id: packages.id })
    .from(packages)
    .orderBy(asc(packages.id))
    .all()
    .map((r) => r.id);
}

function writeFeatures(db: Db, packageId: number, features: Feature[]): void {
  db.delete(packageFeatures).where(eq(packageFeatures.packageId, packageId)).run();
  if (features.length > 0) {
    db.insert(packageFeatures)
      .values(features.map((f, position) => ({ packageId, position, text: f.text, included: f.included })))
      .run();
  }
}

export interface NewPackage {
  name: string;
  description: string;
  features: Feature[];
  basePrice: number;
  setupFee: number;
  extraLocationPrice: number;
  priceTiers: TierInput[];
  userPriceTiers: TierInput[];
}

export function createPackage(db: Db, input: NewPackage, now: Date): PackageDto {
  return transaction(db, () => {
    assertNameFree(db, 'package', input.name);
    const { id } = db
      .insert(packages)
      .values({
        name: input.name,
        description: input.description,
        basePrice: input.basePrice,
        setupFee: input.setupFee,
        extraLocationPrice: input.extraLocationPrice,
        createdAt: now,
      })
      .returning({ id: packages.id })
      .get();
    writeFeatures(db, id, input.features);
    if (input.priceTiers.length > 0) {
      db.insert(priceTiers)
        .values(input.priceTiers.map((t) => ({ packageId: id, minSqm: t.min, maxSqm: t.max, pricePerSqm: t.price })))
        .run();
    }
    if (input.userPriceTiers.length > 0) {
      db.insert(userPriceTiers)
        .values(input.userPriceTiers.map((t) => ({ packageId: id, minUsers: t.min, maxUsers: t.max, pricePerUser: t.price })))
        .run();
    }
    return requirePackage(db, id);
  });
}

export interface PackageChanges {
  name?: string;
  description?: string;
  features?: Feature[];
  basePrice?: number;
  setupFee?: number;
  extraLocationPrice?: number;
}

export function updatePackage(db: Db, id: number, changes: PackageChanges): PackageDto {
  return transaction(db, () => {
    if (!packageExists(db, id)) throw new NotFoundError(PACKAGE_NOT_FOUND);
    if (changes.name !== undefined) assertNameFree(db, 'package', changes.name, id);
    const { features, ...columns } = changes;
    const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) db.update(packages).set(set).where(eq(packages.id, id)).run();
    if (features) writeFeatures(db, id, features);
    return requirePackage(db, id);
  });
}

/**
 * Tiers, features and add-on availability go with the package (FK cascade). Saved configurations keep their
 * snapshots; discount conditions that name the package simply stop matching it.
 */
export function deletePackage(db: Db, id: number): void {
  const result = db.delete(packages).where(eq(packages.id, id)).run();
  if (result.changes === 0) throw new NotFoundError(PACKAGE_NOT_FOUND);
}
