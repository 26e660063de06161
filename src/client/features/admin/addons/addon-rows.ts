// The Add-ons table's rows (docs/PRODUCT.md "The admin area"): grouped by category, categories by name, add-ons by name within; add-ons
// without a (known) category last, under "Uncategorised". And the availability toggle of one package column.
import type { AddOnDto, CategoryDto } from '../../../lib/catalog-types';

export interface AddOnGroup {
  category: CategoryDto | null;
  label: string;
  addOns: AddOnDto[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || 0;

export function groupAddOns(addOns: readonly AddOnDto[], categories: readonly CategoryDto[]): AddOnGroup[] {
  const known = new Map(categories.map((c) => [c.id, c]));
  const groups = new Map<number | null, AddOnGroup>();
  for (const a of addOns) {
    const category = a.categoryId !== null ? (known.get(a.categoryId) ?? null) : null;
    const key = category?.id ?? null;
    let g = groups.get(key);
    if (!g) {
      g = { category, label: category?.name ?? 'Uncategorised', addOns: [] };
      groups.set(key, g);
    }
    g.addOns.push(a);
  }
  for (const g of groups.values()) g.addOns.sort((a, b) => byName(a, b) || a.id - b.id);
  return [...groups.values()].sort((a, b) => {
    if (a.category === null) return 1;
    if (b.category === null) return -1;
    return byName(a.category, b.category) || a.category.id - b.category.id;
  });
}

/** The list sent by setAvailability after one checkbox changes: only that package comes or goes. */
export function toggleAvailability(current: readonly number[], packageId: number, available: boolean): number[] {
  const rest = current.filter((id) => id !== packageId);
  return available ? [...rest, packageId] : rest;
}
