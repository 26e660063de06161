// The catalogue as a file (docs/API.md "The catalogue as a file"). Export names everything by name; import makes the
// catalogue equal to a file in one transaction: items matched by name (trimmed, in any case) are updated in place,
// new names created, names missing from the file deleted as the admin's own delete does (saved quotes keep their
// stored figures). Every problem of a file is listed at once and nothing changes; a dry run answers what would change,
// field by field, and changes nothing.
//
// At the speed of the database (docs/DECISIONS.md "Scripts and other systems"): the file is checked in slices of a
// few milliseconds with the event loop turning between them, the changes are worked out against the in-memory
// catalogue, and only the writes run in the transaction (catalogue-import-writes.ts).
import { InvalidInputError } from '../errors';
import type { z } from 'zod';
import { formatMoney } from '../../shared/money';
import { fieldChanges, type FieldChange } from '../../shared/catalogue-changes';
import { packageFields } from '../../shared/catalog';
import type { CatalogDto } from '../../shared/schemas/catalog';
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
import {
  CATALOGUE_KIND_NOUN,
  catalogueNameKey,
  type ConditionValue,
  type NamedCatalogueKind,
  type TierInput,
} from '../../shared/schemas/catalog-admin';
import type { Clock } from '../clock';
import { transaction, type Db } from '../db/database';
import { auditActor, recordAuditEntries, type AuditBy } from './audit';
import { loadCatalog } from './catalog';
import { catalogSnapshot } from './catalog-cache';
import {
  applyWrites,
  prepareWrites,
  writesStillFit,
  type ImportPlan,
  type ParsedAddOn,
  type ParsedCategory,
  type ParsedDiscount,
  type ParsedPackage,
  type Target,
} from './catalogue-import-writes';
import { atOnce, inSlices, nextTurn, type Steps } from './slices';
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
  const packageOrder = new Map(c.packages.map((p, i) => [p.id, i]));
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
      unit: a.unit,
      setupFee: a.setupFee,
      monthlyFee: a.monthlyFee,
      // in the catalogue's order of packages
      availableForPackages: a.availableForPackages
        .filter((id) => packageOrder.has(id))
        .sort((x, y) => packageOrder.get(x)! - packageOrder.get(y)!)
        .map((id) => packageName.get(id)!),
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

export async function exportCatalogue(db: Db): Promise<CatalogueFile> {
  return toFile(loadCatalog(db));
}

// ---------------------------------------------------------------------------------------------------------------
// Checking a file

interface Parsed {
  packages: ParsedPackage[];
  categories: ParsedCategory[];
  addOns: ParsedAddOn[];
  discounts: ParsedDiscount[];
}

const pathOf = (prefix: string, path: readonly PropertyKey[]) => [prefix, ...path.map(String)].join('.');

/** Each item checked on its own; the answer keeps the file's positions (undefined where an item has problems). */
function* parseItems<S extends z.ZodType>(schema: S, items: unknown[], list: string, problems: FileProblem[]): Steps<(z.output<S> | undefined)[]> {
  const out: (z.output<S> | undefined)[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const r = schema.safeParse(items[i]);
    if (r.success) out[i] = r.data;
    else for (const issue of r.error.issues) problems.push({ path: pathOf(`${list}.${i}`, issue.path), message: issue.message });
    yield;
  }
  return out;
}

/**
 * Names are unique per kind (docs/PRODUCT.md "The admin area"): each later item of a list named like an earlier one
 * is a problem naming both. Answers each name's (key's) canonical spelling, the first item's.
 */
function uniqueNames(items: ({ name: string } | undefined)[], list: string, kind: NamedCatalogueKind, problems: FileProblem[]): Map<string, string> {
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    if (!item) return;
    const key = catalogueNameKey(item.name);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i);
    else
      problems.push({
        path: `${list}.${i}.name`,
        message: `${CATALOGUE_KIND_NOUN[kind]} named ${item.name} is already in the file (${list}.${earlier})`,
      });
  });
  return new Map([...first].map(([key, i]) => [key, items[i]!.name]));
}

const present = <T>(list: (T | undefined)[]): T[] => list.filter((x): x is T => x !== undefined);

/**
 * Package conditions name packages; the shared condition schema checks ids. Each name is swapped for a stand-in id
 * (its package's position in the file) while the rest of the rule is checked, then for that package's own spelling.
 */
function* parseDiscounts(items: unknown[], packageNames: string[], problems: FileProblem[]): Steps<(ParsedDiscount | undefined)[]> {
  const position = new Map<string, number>();
  packageNames.forEach((name, i) => {
    const key = catalogueNameKey(name);
    if (!position.has(key)) position.set(key, i);
  });
  const out: (ParsedDiscount | undefined)[] = new Array(items.length);
  for (let i = 0; i < items.length; i++, yield) {
    const item = items[i];
    const standIn = (name: unknown, j: number): unknown => {
      if (typeof name !== 'string') return name;
      const index = position.get(catalogueNameKey(name));
      if (index === undefined) {
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
      continue;
    }
    const nameOf = (id: unknown) => packageNames[(id as number) - 1]!;
    out[i] = { ...r.data, conditions: r.data.conditions.map((c: ConditionValue) => mapPackageRefs(c, nameOf)) };
  }
  return out;
}

function* parseFile(input: unknown): Steps<Parsed> {
  const shape = catalogueFileShape.safeParse(input);
  if (!shape.success) throw new CatalogueFileError(shape.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
  const file = shape.data;
  const problems: FileProblem[] = [];
  const packages = yield* parseItems(filePackageSchema, file.packages, 'packages', problems);
  const categories = yield* parseItems(fileCategorySchema, file.categories, 'categories', problems);
  const addOns = yield* parseItems(fileAddOnSchema, file.addOns, 'addOns', problems);
  const packageNames = file.packages.map((p) => (typeof p === 'object' && p !== null ? String((p as { name?: unknown }).name ?? '').trim() : ''));
  const discounts = yield* parseDiscounts(file.discounts, packageNames, problems);
  const packageName = uniqueNames(packages, 'packages', 'package', problems);
  const categoryName = uniqueNames(categories, 'categories', 'category', problems);
  uniqueNames(addOns, 'addOns', 'addon', problems);
  uniqueNames(discounts, 'discounts', 'discount', problems);
  // References name an item of the file as names are compared; each is written as that item spells its name.
  const byAddOn = addOns.map((a, i) => {
    if (!a) return undefined;
    const category = a.category === null ? null : categoryName.get(catalogueNameKey(a.category));
    if (category === undefined) problems.push({ path: `addOns.${i}.category`, message: `No category named "${a.category}" in the file` });
    const available = a.availableForPackages.map((name, j) => {
      const found = packageName.get(catalogueNameKey(name));
      if (found === undefined) problems.push({ path: `addOns.${i}.availableForPackages.${j}`, message: `No package named "${name}" in the file` });
      return found ?? name;
    });
    return { ...a, category: category ?? null, availableForPackages: [...new Set(available)] };
  });
  if (problems.length > 0) throw new CatalogueFileError(problems);
  return { packages: present(packages), categories: present(categories), addOns: present(byAddOn), discounts: present(discounts) };
}

// ---------------------------------------------------------------------------------------------------------------
// What a file changes

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
    unit: a.unit,
    setupFee: formatMoney(a.setupFee),
    monthlyFee: formatMoney(a.monthlyFee),
    availableForPackages: a.availableForPackages,
  }),
  discount: (d: ParsedDiscount): FileDiscount => ({
    name: d.name,
    description: d.description,
    type: d.type,
    value: formatMoney(d.value),
    conditions: d.conditions,
  }),
};

/**
 * One list of the file against the catalogue's: each file item matched by name to the catalogue item it updates (the
 * lowest id, should an old catalogue hold two of one name), the fields that change, and what the file leaves out.
 */
function* planList<D extends { id: number; name: string }, F extends { name: string }, P extends { name: string }>(
  kind: NamedCatalogueKind,
  current: readonly D[],
  currentForms: readonly F[],
  items: readonly P[],
  form: (item: P) => F,
): Steps<{ changes: CatalogueChanges; targets: Target<D, P>[]; deleted: D[] }> {
  const byKey = new Map<string, number>();
  current.forEach((d, i) => {
    const key = catalogueNameKey(d.name);
    const other = byKey.get(key);
    if (other === undefined || current[other]!.id > d.id) byKey.set(key, i);
  });
  const matched = new Set<number>();
  const targets: Target<D, P>[] = [];
  for (const item of items) {
    const i = byKey.get(catalogueNameKey(item.name));
    if (i !== undefined) matched.add(i);
    if (i === undefined) targets.push({ item, existing: undefined, fields: [] });
    else {
      const was = currentForms[i]!;
      const now = form(item);
      // most items of a file are unchanged: one comparison of the whole item before the field-by-field one
      targets.push({ item, existing: current[i], fields: JSON.stringify(was) === JSON.stringify(now) ? [] : fieldChanges(kind, was, now) });
    }
    yield;
  }
  const deleted = current.filter((_, i) => !matched.has(i));
  const changed = targets.filter((t) => t.existing && t.fields.length > 0);
  return {
    changes: {
      created: targets.filter((t) => !t.existing).map((t) => t.item.name),
      updated: changed.map((t) => t.item.name),
      deleted: deleted.map((d) => d.name),
      changes: changed.map((t) => ({ name: t.item.name, fields: t.fields as FieldChange[] })),
    },
    targets,
    deleted,
  };
}

function* planImport(catalog: CatalogDto, parsed: Parsed): Steps<{ result: Omit<CatalogueImportResult, 'dryRun'>; plan: ImportPlan }> {
  const now = toFile(catalog);
  yield;
  const packages = yield* planList('package', catalog.packages, now.packages, parsed.packages, asFile.package);
  const categories = yield* planList('category', catalog.categories, now.categories, parsed.categories, asFile.category);
  const addOns = yield* planList('addon', catalog.addOns, now.addOns, parsed.addOns, asFile.addOn);
  const discounts = yield* planList('discount', catalog.discounts, now.discounts, parsed.discounts, asFile.discount);
  return {
    result: { packages: packages.changes, categories: categories.changes, addOns: addOns.changes, discounts: discounts.changes },
    plan: { packages, categories, addOns, discounts },
  };
}

const changesAnything = (r: Omit<CatalogueImportResult, 'dryRun'>) =>
  [r.packages, r.categories, r.addOns, r.discounts].some((c) => c.created.length + c.updated.length + c.deleted.length > 0);

// ---------------------------------------------------------------------------------------------------------------
// Import

/**
 * The check, the comparison with the catalogue and the preparation of every row run in slices, the event loop turning
 * between them; the transaction only runs the prepared statements, after making sure that the catalogue is still the
 * one the work was done on (else it does that work again on what the transaction reads).
 */
export async function importCatalogue(db: Db, clock: Clock, by: AuditBy, input: unknown, dryRun: boolean): Promise<CatalogueImportResult> {
  const parsed = await inSlices(parseFile(input));
  const seen = catalogSnapshot(db);
  const planned = await inSlices(planImport(seen.catalog, parsed));
  if (dryRun || !changesAnything(planned.result)) return { dryRun, ...planned.result };
  const who = auditActor(db, by);
  const prepared = await inSlices(prepareWrites(db, planned.plan, clock.now()));
  const done = transaction(db, () => {
    const current = catalogSnapshot(db);
    let result = planned.result;
    let writes = prepared;
    if (current !== seen || !writesStillFit(db, prepared)) {
      const again = atOnce(planImport(current.catalog, parsed));
      result = again.result;
      if (!changesAnything(result)) return { dryRun, ...result };
      writes = atOnce(prepareWrites(db, again.plan, clock.now()));
    }
    applyWrites(db, writes);
    recordAuditEntries(db, clock, who, writes.audit);
    enqueueEvent(db, clock, 'catalogue.changed', { entity: 'catalogue', id: null, action: 'import' });
    return { dryRun, ...result };
  });
  // the answer is built in a turn of its own: the transaction is the one long step
  await nextTurn();
  return done;
}
