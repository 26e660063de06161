// Which fields of a catalogue item differ between two of its states (docs/API.md "The catalogue file"). The import's
// dry run asks it of the catalogue file's form (things named by name), the Activity tab of the audit's before and
// after (the answers' form, things named by id); both must agree that a tier or a feature written anew with the same
// values is no change, and that a change of one field is not a change of the others.
import type { NamedCatalogueKind } from './schemas/catalog-admin';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Each kind's fields in the order its admin form shows them; a field not listed here follows them. */
const FIELD_ORDER: Record<NamedCatalogueKind, readonly string[]> = {
  package: ['name', 'description', 'basePrice', 'setupFee', 'extraLocationPrice', 'features', 'priceTiers', 'userPriceTiers'],
  addon: ['name', 'category', 'categoryId', 'description', 'unit', 'setupFee', 'monthlyFee', 'availableForPackages'],
  category: ['name', 'icon', 'allowsMultipleSelection'],
  discount: ['name', 'type', 'description', 'value', 'conditions'],
};

/** What the database gives an item and its rows, which no administrator edits. */
const NOT_EDITED = new Set(['id', 'createdAt']);
const ROW_KEYS = new Set(['id', 'packageId', 'discountId', 'position']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field's value without the ids of its rows (tiers, features, conditions). */
function withoutRowIds(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((row) => (isRecord(row) ? Object.fromEntries(Object.entries(row).filter(([k]) => !ROW_KEYS.has(k))) : row));
}

/** The form two values are compared in: an add-on's packages are a set (their order means nothing). */
function comparable(field: string, value: unknown): string {
  const v = field === 'availableForPackages' && Array.isArray(value) ? [...new Set(value.map(String))].sort() : value;
  return JSON.stringify(v ?? null);
}

/** The fields of `before` and `after` (two states of one item of `kind`) whose values differ, in the form's order. */
export function fieldChanges(kind: NamedCatalogueKind, before: unknown, after: unknown): FieldChange[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const order = FIELD_ORDER[kind];
  const fields = [...new Set([...order, ...Object.keys(b), ...Object.keys(a)])].filter((f) => !NOT_EDITED.has(f) && (f in b || f in a));
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const was = withoutRowIds(b[field]);
    const now = withoutRowIds(a[field]);
    if (comparable(field, was) !== comparable(field, now)) changes.push({ field, before: was ?? null, after: now ?? null });
  }
  return changes;
}
