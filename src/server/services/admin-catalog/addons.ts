// Add-on writes. Availability is the set of addon_packages rows; it is replaced as a whole when sent.
import { asc, eq } from 'drizzle-orm';
import { addonCategories, addonPackages, addons } from '../../../../db/schema';
import type { AddOnDto } from '../../../shared/schemas/catalog';
import type { AddOnUnit } from '../../../shared/value-sets';
import { transaction, type Db } from '../../db/database';
import { toAddOnDto } from '../catalog';
import { InvalidInputError, NotFoundError } from '../../errors';
import { assertNameFree } from './names';
import { allPackageIds, assertPackagesExist } from './packages';

export const ADDON_NOT_FOUND = 'Add-on not found';

export function getAddOn(db: Db, id: number): AddOnDto | null {
  const row = db.select().from(addons).where(eq(addons.id, id)).get();
  if (!row) return null;
  const available = db
    .select({ packageId: addonPackages.packageId })
    .from(addonPackages)
    .where(eq(addonPackages.addonId, id))
    .orderBy(asc(addonPackages.packageId))
    .all()
    .map((r) => r.packageId);
  return toAddOnDto(row, available);
}

function requireAddOn(db: Db, id: number): AddOnDto {
  const a = getAddOn(db, id);
  if (!a) throw new NotFoundError(ADDON_NOT_FOUND);
  return a;
}

function assertCategoryExists(db: Db, categoryId: number): void {
  const found = db.select({ id: addonCategories.id }).from(addonCategories).where(eq(addonCategories.id, categoryId)).get();
  if (!found) throw new InvalidInputError('The selected category does not exist');
}

function writeAvailability(db: Db, addonId: number, packageIds: readonly number[]): void {
  assertPackagesExist(db, packageIds);
  db.delete(addonPackages).where(eq(addonPackages.addonId, addonId)).run();
  if (packageIds.length > 0)
    db.insert(addonPackages)
      .values(packageIds.map((packageId) => ({ addonId, packageId })))
      .run();
}

export interface NewAddOn {
  name: string;
  /** null: uncategorised (a catalogue file may hold such add-ons; the admin's form always names a category). */
  categoryId: number | null;
  description: string;
  /** Not given: once per quote (docs/PRODUCT.md "Pricing" step 3). */
  unit?: AddOnUnit;
  setupFee: number;
  monthlyFee: number;
  /** Not given: every package that exists now (docs/PRODUCT.md "The admin area"). */
  availableForPackages?: number[];
}

export function createAddOn(db: Db, input: NewAddOn): AddOnDto {
  return transaction(db, () => {
    assertNameFree(db, 'addon', input.name);
    if (input.categoryId !== null) assertCategoryExists(db, input.categoryId);
    const { availableForPackages, ...columns } = input;
    const available = availableForPackages ?? allPackageIds(db);
    assertPackagesExist(db, available);
    const { id } = db.insert(addons).values(columns).returning({ id: addons.id }).get();
    writeAvailability(db, id, available);
    return requireAddOn(db, id);
  });
}

export interface AddOnChanges {
  name?: string;
  categoryId?: number | null;
  description?: string;
  unit?: AddOnUnit;
  setupFee?: number;
  monthlyFee?: number;
  availableForPackages?: number[];
}

/** Only the fields sent change; a body with only availableForPackages is the availability toggle. */
export function updateAddOn(db: Db, id: number, changes: AddOnChanges): AddOnDto {
  return transaction(db, () => {
    requireAddOn(db, id);
    if (changes.name !== undefined) assertNameFree(db, 'addon', changes.name, id);
    const { availableForPackages, ...columns } = changes;
    if (columns.categoryId !== undefined && columns.categoryId !== null) assertCategoryExists(db, columns.categoryId);
    const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) db.update(addons).set(set).where(eq(addons.id, id)).run();
    if (availableForPackages) writeAvailability(db, id, availableForPackages);
    return requireAddOn(db, id);
  });
}

/** Saved configurations keep their snapshots; the add-on simply disappears from the catalogue. */
export function deleteAddOn(db: Db, id: number): void {
  const result = db.delete(addons).where(eq(addons.id, id)).run();
  if (result.changes === 0) throw new NotFoundError(ADDON_NOT_FOUND);
}
