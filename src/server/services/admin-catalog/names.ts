// Names are unique per kind (docs/PRODUCT.md "The admin area"), checked inside the write's transaction with the
// shared comparison (trimmed, any case, Unicode included). The expression indexes of db/schema.ts hold the same rule
// for ASCII case underneath, so no path that skips this check can store a second "Dup".
import { catalogueNameKey, nameTakenMessage, type NamedCatalogueKind } from '../../../shared/schemas/catalog-admin';
import { perDatabase, type Db } from '../../db/database';
import { ConflictError } from '../../errors';

const TABLE: Record<NamedCatalogueKind, string> = {
  package: 'packages',
  addon: 'addons',
  category: 'addon_categories',
  discount: 'discounts',
};

const namesOf = perDatabase((db: Db) => {
  const statements = new Map(
    Object.entries(TABLE).map(([kind, table]) => [kind, db.$client.prepare<[], [number, string]>(`SELECT id, name FROM ${table}`).raw()]),
  );
  return (kind: NamedCatalogueKind) => statements.get(kind)!.all();
});

/** 409 "A package named X already exists" when another item of the kind (not `ownId`) answers to `name`. */
export function assertNameFree(db: Db, kind: NamedCatalogueKind, name: string, ownId?: number): void {
  const key = catalogueNameKey(name);
  for (const [id, other] of namesOf(db)(kind)) {
    if (id !== ownId && catalogueNameKey(other) === key) throw new ConflictError(nameTakenMessage(kind, name));
  }
}
