// The dry run's answer as lines a person reads before Apply (unit-tested): per list what is new, deleted, and each
// changed item with its changed fields, before and after, as the Activity tab words them (shared/change-words.ts).
import { catalogueNameKey, type NamedCatalogueKind } from '../../../../shared/schemas/catalog-admin';
import type { RouterOutputs } from '../../../lib/trpc';
import { changeLines } from '../shared/change-words';

export type ImportResult = RouterOutputs['admin']['catalogue']['import'];

const LISTS = [
  ['packages', 'Packages', 'package'],
  ['categories', 'Add-on categories', 'category'],
  ['addOns', 'Add-ons', 'addon'],
  ['discounts', 'Discounts', 'discount'],
] as const satisfies readonly (readonly [string, string, NamedCatalogueKind])[];

export interface ChangedItem {
  name: string;
  lines: string[];
}

export interface SummaryLine {
  list: string;
  kind: 'created' | 'updated' | 'deleted';
  names: string[];
  /** For `updated`: each item with what changes in it. */
  items?: ChangedItem[];
}

/** The type each discount rule of the file has, by name: the rule's value reads in it ("10%", "€50.00"). */
function fileDiscountTypes(file: unknown): Map<string, string> {
  const list = (file as { discounts?: unknown } | null)?.discounts;
  const types = new Map<string, string>();
  if (!Array.isArray(list)) return types;
  for (const d of list as { name?: unknown; type?: unknown }[]) {
    if (typeof d?.name === 'string' && typeof d.type === 'string') types.set(catalogueNameKey(d.name), d.type);
  }
  return types;
}

/** `file`: the catalogue file the dry run checked. */
export function summaryLines(result: ImportResult, file?: unknown): SummaryLine[] {
  const discountTypes = fileDiscountTypes(file);
  return LISTS.flatMap(([key, list, entity]) => {
    const c = result[key];
    return (['created', 'updated', 'deleted'] as const)
      .filter((kind) => c[kind].length > 0)
      .map((kind): SummaryLine => {
        if (kind !== 'updated') return { list, kind, names: c[kind] };
        const items = c.changes.map(({ name, fields }) => {
          const after = discountTypes.get(catalogueNameKey(name)) ?? 'percentage';
          const type = fields.find((f) => f.field === 'type');
          return { name, lines: changeLines(entity, fields, { discountType: { before: type ? type.before : after, after } }) };
        });
        return { list, kind, names: c[kind], items };
      });
  });
}

export const KIND_LABEL: Record<SummaryLine['kind'], string> = { created: 'New', updated: 'Changed', deleted: 'Deleted' };

/** Today's date for the export's file name, as the admin's calendar has it. */
export function exportFileName(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `catalogue-${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}.json`;
}
