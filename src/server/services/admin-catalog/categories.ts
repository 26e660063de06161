// Add-on category writes.
import { eq } from 'drizzle-orm';
import { addonCategories } from '../../../../db/schema';
import type { CategoryDto } from '../../../shared/schemas/catalog';
import type { CategoryIcon } from '../../../shared/schemas/catalog-admin';
import { transaction, type Db } from '../../db/database';
import { toCategoryDto } from '../catalog';
import { NotFoundError } from '../../errors';
import { assertNameFree } from './names';

export const CATEGORY_NOT_FOUND = 'Category not found';

export function getCategory(db: Db, id: number): CategoryDto | null {
  const row = db.select().from(addonCategories).where(eq(addonCategories.id, id)).get();
  return row ? toCategoryDto(row) : null;
}

export interface NewCategory {
  name: string;
  icon: CategoryIcon | null;
  allowsMultipleSelection: boolean;
}

export function createCategory(db: Db, input: NewCategory): CategoryDto {
  return transaction(db, () => {
    assertNameFree(db, 'category', input.name);
    return toCategoryDto(db.insert(addonCategories).values(input).returning().get());
  });
}

export function updateCategory(db: Db, id: number, changes: Partial<NewCategory>): CategoryDto {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  return transaction(db, () => {
    if (!getCategory(db, id)) throw new NotFoundError(CATEGORY_NOT_FOUND);
    if (changes.name !== undefined) assertNameFree(db, 'category', changes.name, id);
    if (Object.keys(set).length > 0) db.update(addonCategories).set(set).where(eq(addonCategories.id, id)).run();
    return getCategory(db, id)!;
  });
}

/** Its add-ons stay, uncategorised: the foreign key sets their categoryId to null (docs/PRODUCT.md "The admin area"). */
export function deleteCategory(db: Db, id: number): void {
  const result = db.delete(addonCategories).where(eq(addonCategories.id, id)).run();
  if (result.changes === 0) throw new NotFoundError(CATEGORY_NOT_FOUND);
}
