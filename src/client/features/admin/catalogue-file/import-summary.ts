// The dry run's answer as lines a person reads before Apply (unit-tested).
import type { CatalogueChanges, CatalogueImportResult } from '../../../../shared/schemas/catalogue-file';

const LISTS = [
  ['packages', 'Packages'],
  ['categories', 'Add-on categories'],
  ['addOns', 'Add-ons'],
  ['discounts', 'Discounts'],
] as const;

export interface SummaryLine {
  list: string;
  kind: 'created' | 'updated' | 'deleted';
  names: string[];
}

export function summaryLines(result: CatalogueImportResult): SummaryLine[] {
  return LISTS.flatMap(([key, list]) => {
    const c: CatalogueChanges = result[key];
    return (['created', 'updated', 'deleted'] as const).filter((kind) => c[kind].length > 0).map((kind) => ({ list, kind, names: c[kind] }));
  });
}

export const KIND_LABEL: Record<SummaryLine['kind'], string> = { created: 'New', updated: 'Changed', deleted: 'Deleted' };

/** Today's date for the export's file name, as the admin's calendar has it. */
export function exportFileName(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `catalogue-${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}.json`;
}
