// Discount rule writes. Conditions are stored in the form the engine reads (normalised by the shared schema).
import { asc, eq } from 'drizzle-orm';
import { discountConditions, discounts } from '../../../../db/schema';
import type { DiscountDto } from '../../../shared/schemas/catalog';
import type { ConditionValue, DiscountType } from '../../../shared/schemas/catalog-admin';
import { transaction, type Db } from '../../db/database';
import { toDiscountDto } from '../catalog';
import { NotFoundError } from '../../errors';
import { assertNameFree } from './names';
import { assertPackagesExist } from './packages';

export const DISCOUNT_NOT_FOUND = 'Discount rule not found';

export function getDiscount(db: Db, id: number): DiscountDto | null {
  const row = db.select().from(discounts).where(eq(discounts.id, id)).get();
  if (!row) return null;
  const conditions = db
    .select()
    .from(discountConditions)
    .where(eq(discountConditions.discountId, id))
    .orderBy(asc(discountConditions.position), asc(discountConditions.id))
    .all();
  return toDiscountDto(row, conditions);
}

function requireDiscount(db: Db, id: number): DiscountDto {
  const d = getDiscount(db, id);
  if (!d) throw new NotFoundError(DISCOUNT_NOT_FOUND);
  return d;
}

function writeConditions(db: Db, discountId: number, conditions: readonly ConditionValue[]): void {
  const packageIds = conditions.flatMap((c) => (c.type !== 'package' ? [] : Array.isArray(c.value) ? c.value : [c.value as number]));
  assertPackagesExist(db, [...new Set(packageIds)]);
  db.delete(discountConditions).where(eq(discountConditions.discountId, discountId)).run();
  if (conditions.length > 0) {
    db.insert(discountConditions)
      .values(conditions.map((c, position) => ({ discountId, position, type: c.type, operator: c.operator, value: c.value })))
      .run();
  }
}

export interface NewDiscount {
  name: string;
  description: string;
  type: DiscountType;
  /** Hundredths: 10 % → 1000, €25.50 → 2550. */
  value: number;
  conditions: ConditionValue[];
}

export function createDiscount(db: Db, input: NewDiscount): DiscountDto {
  return transaction(db, () => {
    assertNameFree(db, 'discount', input.name);
    const { conditions, ...columns } = input;
    const { id } = db.insert(discounts).values(columns).returning({ id: discounts.id }).get();
    writeConditions(db, id, conditions);
    return requireDiscount(db, id);
  });
}

/** Only the fields sent change; `conditions` replaces the list when sent. */
export function updateDiscount(db: Db, id: number, changes: Partial<NewDiscount>): DiscountDto {
  return transaction(db, () => {
    requireDiscount(db, id);
    if (changes.name !== undefined) assertNameFree(db, 'discount', changes.name, id);
    const { conditions, ...columns } = changes;
    const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) db.update(discounts).set(set).where(eq(discounts.id, id)).run();
    if (conditions) writeConditions(db, id, conditions);
    return requireDiscount(db, id);
  });
}

/** Saved configurations keep their snapshot; the rule no longer applies to new quotes. */
export function deleteDiscount(db: Db, id: number): void {
  const result = db.delete(discounts).where(eq(discounts.id, id)).run();
  if (result.changes === 0) throw new NotFoundError(DISCOUNT_NOT_FOUND);
}
