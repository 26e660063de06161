// The catalogue as a file (docs/API.md "The catalogue as a file"). Export names everything by name; import makes the
// catalogue equal to a file in one transaction: items matched by name are updated in place, new names created, names
// missing from the file deleted as the admin's own delete does (saved quotes keep their stored figures). Every problem
// of a file is listed at once and nothing changes; a dry run answers what would change and changes nothing.
import { InvalidInputError } from '../errors';
import type { z } from 'zod';
import { formatMoney } from '../../shared/money';
import { packageFields, type CatalogDto } from '../../shared/catalog';
import {
  CATALOGUE_FILE_VERSION,
  catalogueFileShape,
  fileAddOnSchema,
  fileCategorySchema,
  fileDiscountSchema,
  filePackageSchema,
  type CatalogueChanges,
  type CatalogueFile,
  type CatalogueImportResult,
  type FileAddOn,
  type FileCategory,
  type FileDiscount,
  type FilePackage,
} from '../../shared/schemas/catalogue-file';
import type { ConditionValue, TierInput } from '../../shared/schemas/catalog-admin';
import type { Clock } from '../clock';
import { transaction, type Db } from '../db/database';
import { createAddOn, deleteAddOn, getAddOn, updateAddOn } from './admin-catalog/addons';
import { createCategory, deleteCategory, getCategory, updateCategory } from './admin-catalog/categories';
import { createDiscount, deleteDiscount, getDiscount, updateDiscount } from './admin-catalog/discounts';
import { createPackage, deletePackage, getPackage, updatePackage } from './admin-catalog/packages';
import { replaceTiers } from './admin-catalog/tiers';
import { recordAudit, type AuditBy } from './audit';
import { loadCatalog } from './catalog';
import { enqueueEvent } from './webhook-outbox';

export interface FileProblem {
  path: string;
  message: string;
}

/** A file that cannot be loaded: a 400 whose `issues` list every problem (trpc/errors.ts inputIssuesOf reads them). */
export class CatalogueFileError extends InvalidInputError {
  readonly issues: { path: string[]; message: string }[];
  constructor(problems: FileProblem[]) {
    super(`The catalogue file has ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    this.issues = problems.map((p) => ({ path: p.path.split('.'), message: p.message }));
  }
}

/**
 * A `package` condition with each package it names (one, or a list) mapped: ids to names on export, names to ids on
 * import. Any other condition as it is.
 */
function mapPackageRefs<C extends { type: unknown; value?: unknown }>(c: C, f: (ref: unknown) => unknown): C {
  if (c.type !== 'package') return c;
  return { ...c, value: Array.isArray(c.value) ? c.value.map(f) : f(c.value) };
}

// ---------------------------------------------------------------------------------------------------------------
// Export

function toFile(c: CatalogDto): CatalogueFile {
  const packageName = new Map(c.packages.map((p) => [p.id, p.name]));
  const categoryName = new Map(c.categories.map((k) => [k.id, k.name]));
  return {
    version: CATALOGUE_FILE_VERSION,
    packages: c.packages.map((p) => ({
      ...packageFields(p),
      priceTiers: p.priceTiers.map((t) => ({ minSqm: t.minSqm, maxSqm: t.maxSqm, pricePerSqm: t.pricePerSqm })),
      userPriceTiers: p.userPriceTiers.map((t) => ({ minUsers: t.minUsers, maxUsers: t.maxUsers, pricePerUser: t.pricePerUser })),
    })),
    categories: c.categories.map((k) => ({ name: k.name, icon: k.icon, allowsMultipleSelection: k.allowsMultipleSelection })),
    addOns: c.addOns.map((a) => ({
      name: a.name,
      category: a.categoryId === null ? null : (categoryName.get(a.categoryId) ?? null),
      description: a.description,
      setupFee: a.setupFee,
      monthlyFee: a.monthlyFee,
      availableForPackages: c.packages.filter((p) => a.availableForPackages.includes(p.id)).map((p) => p.name),
    })),
    discounts: c.discounts.map((d) => ({
      name: d.name,
      description: d.description,
      type: d.type,
      value: d.value,
      conditions: d.conditions.map((k) =>
        mapPackageRefs({ type: k.type, operator: k.operator, value: k.value }, (id) => packageName.get(id as number) ?? `#${id as number}`),
      ),
    })),
  };
}

export function exportCatalogue(db: Db): CatalogueFile {
  return toFile(loadCatalog(db));
}

// ---------------------------------------------------------------------------------------------------------------
// Checking a file

type ParsedPackage = z.output<typeof filePackageSchema>;
type ParsedCategory = z.output<typeof fileCategorySchema>;
type ParsedAddOn = z.output<typeof fileAddOnSchema>;
type ParsedDiscount = z.output<typeof fileDiscountSchema>;

interface Parsed {
  packages: ParsedPackage[];
  categories: ParsedCategory[];
  addOns: ParsedAddOn[];
  /** Package conditions hold package names here (mapped to ids when written). */
  discounts: (Omit<ParsedDiscount, 'conditions'> & { conditions: { type: string; operator: string; value: unknown }[] })[];
}

const pathOf = (prefix: string, path: readonly PropertyKey[]) => [prefix, ...path.map(String)].join('.');

/** Each item checked on its own; the answer keeps the file's positions (undefined where an item has problems). */
function parseItems<S extends z.ZodType>(schema: S, items: unknown[], list: string, problems: FileProblem[]): (z.output<S> | undefined)[] {
  return items.map((item, i) => {
    const r = schema.safeParse(item);
    if (r.success) return r.data;
    for (const issue of r.error.issues) problems.push({ path: pathOf(`${list}.${i}`, issue.path), message: issue.message });
    return undefined;
  });
}

function uniqueNames(items: ({ name: string } | undefined)[], list: string, problems: FileProblem[]): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (!item) return;
    const key = item.name.toLowerCase();
    if (seen.has(key)) problems.push({ path: `${list}.${i}.name`, message: `The name "${item.name}" appears more than once` });
    seen.add(key);
  });
}

const present = <T>(list: (T | undefined)[]): T[] => list.filter((x): x is T => x !== undefined);

/**
 * Package conditions name packages; the shared condition schema checks ids. Each name is swapped for a stand-in id
 * while the rest of the rule is checked, then swapped back.
 */
function parseDiscounts(items: unknown[], packageNames: string[], problems: FileProblem[]): (Parsed['discounts'][number] | undefined)[] {
  return items.map((item, i) => {
    const standIn = (name: unknown, j: number): unknown => {
      if (typeof name !== 'string') return name;
      const index = packageNames.indexOf(name);
      if (index === -1) {
        problems.push({ path: `discounts.${i}.conditions.${j}.value`, message: `No package named "${name}" in the file` });
        return 1;
      }
      return index + 1;
    };
    let raw = item;
    if (typeof item === 'object' && item !== null && Array.isArray((item as { conditions?: unknown }).conditions)) {
      const conditions = (item as { conditions: unknown[] }).conditions.map((c, j) =>
        typeof c !== 'object' || c === null ? c : mapPackageRefs(c as { type: unknown; value?: unknown }, (n) => standIn(n, j)),
      );
      raw = { ...item, conditions };
    }
    const r = fileDiscountSchema.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues) problems.push({ path: pathOf(`discounts.${i}`, issue.path), message: issue.message });
      return undefined;
    }
    const nameOf = (id: unknown) => packageNames[(id as number) - 1]!;
    return {
      ...r.data,
      conditions: r.data.conditions.map((c: ConditionValue) => mapPackageRefs(c, nameOf)),
    };
  });
}

function parseFile(input: unknown): Parsed {
  const shape = catalogueFileShape.safeParse(input);
  if (!shape.success) throw new CatalogueFileError(shape.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
  const file = shape.data;
  const problems: FileProblem[] = [];
  const packages = parseItems(filePackageSchema, file.packages, 'packages', problems);
  const categories = parseItems(fileCategorySchema, file.categories, 'categories', problems);
  const addOns = parseItems(fileAddOnSchema, file.addOns, 'addOns', problems);
  const packageNames = file.packages.map((p) => (typeof p === 'object' && p !== null ? String((p as { name?: unknown }).name ?? '').trim() : ''));
  const discounts = parseDiscounts(file.discounts, packageNames, problems);
  uniqueNames(packages, 'packages', problems);
  uniqueNames(categories, 'categories', problems);
  uniqueNames(addOns, 'addOns', problems);
  uniqueNames(discounts, 'discounts', problems);
  const pkgSet = new Set(present(packages).map((p) => p.name));
  const catSet = new Set(present(categories).map((k) => k.name));
  addOns.forEach((a, i) => {
    if (!a) return;
    if (a.category !== null && !catSet.has(a.category)) problems.push({ path: `addOns.${i}.category`, message: `No category named "${a.category}" in the file` });
    a.availableForPackages.forEach((name, j) => {
      if (!pkgSet.has(name)) problems.push({ path: `addOns.${i}.availableForPackages.${j}`, message: `No package named "${name}" in the file` });
    });
  });
  if (problems.length > 0) throw new CatalogueFileError(problems);
  return { packages: present(packages), categories: present(categories), addOns: present(addOns), discounts: present(discounts) };
}

/** A parsed item in the file's own form, to compare with what the catalogue holds now. */
const tierOut = (t: TierInput, kind: 'unit' | 'user') =>
  kind === 'unit'
    ? { minSqm: t.min, maxSqm: t.max, pricePerSqm: formatMoney(t.price) }
    : { minUsers: t.min, maxUsers: t.max, pricePerUser: formatMoney(t.price) };
const asFile = {
  package: (p: ParsedPackage): FilePackage => ({
    name: p.name,
    description: p.description,
    basePrice: formatMoney(p.basePrice),
    setupFee: formatMoney(p.setupFee),
    extraLocationPrice: formatMoney(p.extraLocationPrice),
    features: p.features,
    priceTiers: [...p.priceTiers].sort((a, b) => a.min - b.min).map((t) => tierOut(t, 'unit')) as FilePackage['priceTiers'],
    userPriceTiers: [...p.userPriceTiers].sort((a, b) => a.min - b.min).map((t) => tierOut(t, 'user')) as FilePackage['userPriceTiers'],
  }),
  category: (k: ParsedCategory): FileCategory => ({ name: k.name, icon: k.icon, allowsMultipleSelection: k.allowsMultipleSelection }),
  addOn: (a: ParsedAddOn): FileAddOn => ({
    name: a.name,
    category: a.category,
    description: a.description,
    setupFee: formatMoney(a.setupFee),
    monthlyFee: formatMoney(a.monthlyFee),
    availableForPackages: a.availableForPackages,
  }),
  discount: (d: Parsed['discounts'][number]): FileDiscount => ({
    name: d.name,
    description: d.description,
    type: d.type,
    value: formatMoney(d.value),
    conditions: d.conditions,
  }),
};

/** `same` compares in a form where order that means nothing (an add-on's packages) is left out. */
function diff<T extends { name: string }>(now: T[], wanted: T[], form: (x: T) => unknown = (x) => x): CatalogueChanges {
  const current = new Map(now.map((x) => [x.name, x]));
  const names = new Set(wanted.map((x) => x.name));
  const same = (a: T, b: T) => JSON.stringify(form(a)) === JSON.stringify(form(b));
  return {
    created: wanted.filter((x) => !current.has(x.name)).map((x) => x.name),
    updated: wanted.filter((x) => current.has(x.name) && !same(current.get(x.name)!, x)).map((x) => x.name),
    deleted: now.filter((x) => !names.has(x.name)).map((x) => x.name),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Import

export function importCatalogue(db: Db, clock: Clock, by: AuditBy, input: unknown, dryRun: boolean): CatalogueImportResult {
  const parsed = parseFile(input);
  return transaction(db, () => {
    const before = loadCatalog(db);
    const nowFile = toFile(before);
    const wantedPackages = parsed.packages.map(asFile.package);
    const result: CatalogueImportResult = {
      dryRun,
      packages: diff(nowFile.packages, wantedPackages),
      categories: diff(nowFile.categories, parsed.categories.map(asFile.category)),
      addOns: diff(nowFile.addOns, parsed.addOns.map(asFile.addOn), (a) => ({ ...a, availableForPackages: [...new Set(a.availableForPackages)].sort() })),
      discounts: diff(nowFile.discounts, parsed.discounts.map(asFile.discount)),
    };
    const anything = [result.packages, result.categories, result.addOns, result.discounts].some((c) => c.created.length + c.updated.length + c.deleted.length > 0);
    if (dryRun || !anything) return result;
    apply(db, clock, by, before, parsed, result);
    enqueueEvent(db, clock, 'catalogue.changed', { entity: 'catalogue', id: null, action: 'import' });
    return result;
  });
}

function apply(db: Db, clock: Clock, by: AuditBy, before: CatalogDto, parsed: Parsed, changes: CatalogueImportResult): void {
  const audit = (entity: string, entityId: number, action: 'create' | 'update' | 'delete', old: unknown, now: unknown) =>
    recordAudit(db, clock, by, { entity, entityId, action, before: old ?? null, after: now ?? null, webhook: false });
  const idOf = <T extends { id: number; name: string }>(list: T[], name: string) => list.find((x) => x.name === name)?.id;

  // Deletions first, so a name freed by one list never collides with what another creates.
  const deletions: [
    entity: string,
    list: { id: number; name: string }[],
    names: string[],
    get: (db: Db, id: number) => unknown,
    remove: (db: Db, id: number) => void,
  ][] = [
    ['discount', before.discounts, changes.discounts.deleted, getDiscount, deleteDiscount],
    ['addon', before.addOns, changes.addOns.deleted, getAddOn, deleteAddOn],
    ['category', before.categories, changes.categories.deleted, getCategory, deleteCategory],
    ['package', before.packages, changes.packages.deleted, getPackage, deletePackage],
  ];
  for (const [entity, list, names, get, remove] of deletions) {
    for (const name of names) {
      const id = idOf(list, name)!;
      const old = get(db, id);
      remove(db, id);
      audit(entity, id, 'delete', old, null);
    }
  }

  /**
   * Each item of the file in order: created when the catalogue has no item of its name, updated when the diff found it
   * changed, left alone otherwise. Answers every item's id by name.
   */
  const upsert = <T extends { name: string }>(
    entity: string,
    items: T[],
    current: { id: number; name: string }[],
    updated: string[],
    create: (item: T) => { id: number },
    get: (db: Db, id: number) => unknown,
    update: (id: number, item: T) => unknown,
  ): Map<string, number> => {
    const ids = new Map<string, number>();
    for (const item of items) {
      const existing = idOf(current, item.name);
      if (existing === undefined) {
        const made = create(item);
        ids.set(item.name, made.id);
        audit(entity, made.id, 'create', null, made);
        continue;
      }
      ids.set(item.name, existing);
      if (!updated.includes(item.name)) continue;
      const old = get(db, existing);
      audit(entity, existing, 'update', old, update(existing, item));
    }
    return ids;
  };

  const packageIds = upsert(
    'package',
    parsed.packages,
    before.packages,
    changes.packages.updated,
    (p) => createPackage(db, p, clock.now()),
    getPackage,
    (id, { priceTiers, userPriceTiers, ...columns }) => {
      updatePackage(db, id, columns);
      replaceTiers(db, id, 'unit', priceTiers);
      replaceTiers(db, id, 'user', userPriceTiers);
      return getPackage(db, id);
    },
  );
  const categoryIds = upsert(
    'category',
    parsed.categories,
    before.categories,
    changes.categories.updated,
    (k) => createCategory(db, k),
    getCategory,
    (id, k) => updateCategory(db, id, k),
  );
  const addOns = parsed.addOns.map((a) => ({
    name: a.name,
    description: a.description,
    setupFee: a.setupFee,
    monthlyFee: a.monthlyFee,
    availableForPackages: [...new Set(a.availableForPackages.map((n) => packageIds.get(n)!))],
    categoryId: a.category === null ? null : categoryIds.get(a.category)!,
  }));
  upsert('addon', addOns, before.addOns, changes.addOns.updated, (a) => createAddOn(db, a), getAddOn, (id, a) => updateAddOn(db, id, a));
  const discounts = parsed.discounts.map((d) => ({
    ...d,
    conditions: d.conditions.map((c) => mapPackageRefs(c, (n) => packageIds.get(n as string)!)) as ConditionValue[],
  }));
  upsert('discount', discounts, before.discounts, changes.discounts.updated, (d) => createDiscount(db, d), getDiscount, (id, d) => updateDiscount(db, id, d));
}
