// Unit (per square metre) and user price tiers. Every write checks the package's resulting set of that kind with
// the shared rules, inside the transaction that writes it, so no request leaves an invalid set behind.
import { and, asc, eq } from 'drizzle-orm';
import { priceTiers, userPriceTiers } from '../../../../db/schema';
import type { PackageDto, PriceTierDto, UserPriceTierDto } from '../../../shared/schemas/catalog';
import { tierSetProblem, type TierInput, type TierKind } from '../../../shared/schemas/catalog-admin';
import { transaction, type Db, type NotPromise } from '../../db/database';
import { toPriceTierDto, toUserPriceTierDto } from '../catalog';
import { InvalidInputError, NotFoundError } from '../../errors';
import { PACKAGE_NOT_FOUND, packageExists, requirePackage } from './packages';

export const TIER_NOT_FOUND = 'Price tier not found';

interface StoredTier extends TierInput {
  id: number;
}

/** The same operations over either tier table, in the engine's terms (min, max, price in cents). */
interface TierStore<Dto> {
  list(db: Db, packageId: number): StoredTier[];
  get(db: Db, packageId: number, tierId: number): Dto | undefined;
  insert(db: Db, packageId: number, tier: TierInput): Dto;
  update(db: Db, tierId: number, tier: TierInput): void;
  remove(db: Db, tierId: number): void;
  removeAll(db: Db, packageId: number): void;
}

const unitStore: TierStore<PriceTierDto> = {
  list: (db, packageId) =>
    db
      .select()
      .from(priceTiers)
      .where(eq(priceTiers.packageId, packageId))
      .orderBy(asc(priceTiers.minSqm), asc(priceTiers.id))
      .all()
      .map((r) => ({ id: r.id, min: r.minSqm, max: r.maxSqm, price: r.pricePerSqm })),
  get: (db, packageId, tierId) => {
    const row = db
      .select()
      .from(priceTiers)
      .where(and(eq(priceTiers.id, tierId), eq(priceTiers.packageId, packageId)))
      .get();
    return row && toPriceTierDto(row);
  },
  insert: (db, packageId, t) =>
    toPriceTierDto(db.insert(priceTiers).values({ packageId, minSqm: t.min, maxSqm: t.max, pricePerSqm: t.price }).returning().get()),
  update: (db, tierId, t) => {
    db.update(priceTiers).set({ minSqm: t.min, maxSqm: t.max, pricePerSqm: t.price }).where(eq(priceTiers.id, tierId)).run();
  },
  remove: (db, tierId) => {
    db.delete(priceTiers).where(eq(priceTiers.id, tierId)).run();
  },
  removeAll: (db, packageId) => {
    db.delete(priceTiers).where(eq(priceTiers.packageId, packageId)).run();
  },
};

const userStore: TierStore<UserPriceTierDto> = {
  list: (db, packageId) =>
    db
      .select()
      .from(userPriceTiers)
      .where(eq(userPriceTiers.packageId, packageId))
      .orderBy(asc(userPriceTiers.minUsers), asc(userPriceTiers.id))
      .all()
      .map((r) => ({ id: r.id, min: r.minUsers, max: r.maxUsers, price: r.pricePerUser })),
  get: (db, packageId, tierId) => {
    const row = db
      .select()
      .from(userPriceTiers)
      .where(and(eq(userPriceTiers.id, tierId), eq(userPriceTiers.packageId, packageId)))
      .get();
    return row && toUserPriceTierDto(row);
  },
  insert: (db, packageId, t) =>
    toUserPriceTierDto(db.insert(userPriceTiers).values({ packageId, minUsers: t.min, maxUsers: t.max, pricePerUser: t.price }).returning().get()),
  update: (db, tierId, t) => {
    db.update(userPriceTiers).set({ minUsers: t.min, maxUsers: t.max, pricePerUser: t.price }).where(eq(userPriceTiers.id, tierId)).run();
  },
  remove: (db, tierId) => {
    db.delete(userPriceTiers).where(eq(userPriceTiers.id, tierId)).run();
  },
  removeAll: (db, packageId) => {
    db.delete(userPriceTiers).where(eq(userPriceTiers.packageId, packageId)).run();
  },
};

function assertValidSet(tiers: readonly TierInput[]): void {
  const problem = tierSetProblem(tiers);
  if (problem) throw new InvalidInputError(problem);
}

function assertPackage(db: Db, packageId: number): void {
  if (!packageExists(db, packageId)) throw new NotFoundError(PACKAGE_NOT_FOUND);
}

function createTier<Dto extends NotPromise>(store: TierStore<Dto>, db: Db, packageId: number, tier: TierInput): Dto {
  return transaction(db, () => {
    assertPackage(db, packageId);
    assertValidSet([...store.list(db, packageId), tier]);
    return store.insert(db, packageId, tier);
  });
}

/** Fields not sent keep their stored value; the merged tier must still fit the package's set. */
function updateTier<Dto extends NotPromise>(store: TierStore<Dto>, db: Db, packageId: number, tierId: number, changes: Partial<TierInput>): Dto {
  return transaction(db, () => {
    assertPackage(db, packageId);
    const tiers = store.list(db, packageId);
    const current = tiers.find((t) => t.id === tierId);
    if (!current) throw new NotFoundError(TIER_NOT_FOUND);
    const merged: TierInput = {
      min: changes.min ?? current.min,
      max: changes.max !== undefined ? changes.max : current.max,
      price: changes.price ?? current.price,
    };
    assertValidSet(tiers.map((t) => (t.id === tierId ? merged : t)));
    store.update(db, tierId, merged);
    return store.get(db, packageId, tierId)!;
  });
}

function deleteTier<Dto>(store: TierStore<Dto>, db: Db, packageId: number, tierId: number): void {
  transaction(db, () => {
    assertPackage(db, packageId);
    if (!store.get(db, packageId, tierId)) throw new NotFoundError(TIER_NOT_FOUND);
    store.remove(db, tierId);
  });
}

export const createUnitTier = (db: Db, packageId: number, tier: TierInput) => createTier(unitStore, db, packageId, tier);
export const createUserTier = (db: Db, packageId: number, tier: TierInput) => createTier(userStore, db, packageId, tier);
export const updateUnitTier = (db: Db, packageId: number, tierId: number, changes: Partial<TierInput>) =>
  updateTier(unitStore, db, packageId, tierId, changes);
export const updateUserTier = (db: Db, packageId: number, tierId: number, changes: Partial<TierInput>) =>
  updateTier(userStore, db, packageId, tierId, changes);
export const deleteUnitTier = (db: Db, packageId: number, tierId: number) => deleteTier(unitStore, db, packageId, tierId);
export const deleteUserTier = (db: Db, packageId: number, tierId: number) => deleteTier(userStore, db, packageId, tierId);

/**
 * Swaps all of a package's tiers of one kind in one transaction (docs/PRODUCT.md "Pricing"): validated before anything is
 * written, and any failure while writing rolls the old tiers back. Answers the package with its new tiers.
 */
export function replaceTiers(db: Db, packageId: number, kind: TierKind, tiers: readonly TierInput[]): PackageDto {
  const store: TierStore<unknown> = kind === 'unit' ? unitStore : userStore;
  return transaction(db, () => {
    assertPackage(db, packageId);
    assertValidSet(tiers);
    store.removeAll(db, packageId);
    for (const t of [...tiers].sort((a, b) => a.min - b.min)) store.insert(db, packageId, t);
    return requirePackage(db, packageId);
  });
}
