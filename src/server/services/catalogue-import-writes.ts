// The writes of a catalogue import (catalogue-file.ts). Everything is worked out before the transaction, in slices:
// the rows to write (new rows under the ids the tables will give next, so each audit entry's "after" is known
// without reading anything back), rows only where a field changes (an unchanged tier keeps its row), and every audit
// entry's JSON. The transaction then checks that the catalogue and those next ids are still what the work assumed
// and runs a few multi-row statements (db/bulk.ts). The names' unique indexes (db/schema.ts) stand underneath.
import type { z } from 'zod';
import type { FieldChange } from '../../shared/catalogue-changes';
import type { AddOnDto, CategoryDto, ConditionDto, DiscountDto, FeatureDto, PackageDto } from '../../shared/schemas/catalog';
import { formatMoney } from '../../shared/money';
import type { fileAddOnSchema, fileCategorySchema, fileDiscountSchema, filePackageSchema } from '../../shared/schemas/catalogue-file';
import type { TierInput } from '../../shared/schemas/catalog-admin';
import { deleteRows, insertRows, updateRows } from '../db/bulk';
import { perDatabase, type Db } from '../db/database';
import type { PreparedAuditEntry } from './audit';
import { toPriceTierDto, toUserPriceTierDto } from './catalog';
import type { Steps } from './slices';

export type ParsedPackage = z.output<typeof filePackageSchema>;
export type ParsedCategory = z.output<typeof fileCategorySchema>;
/** `category` and `availableForPackages` name items of the file, as those spell their names. */
export type ParsedAddOn = z.output<typeof fileAddOnSchema>;
/** Package conditions hold package names here (mapped to ids when written). */
export type ParsedDiscount = Omit<z.output<typeof fileDiscountSchema>, 'conditions'> & {
  conditions: { type: string; operator: string; value: unknown }[];
};

/** A file item and the catalogue item it updates (none: it is created), with the fields that change. */
export interface Target<D, P> {
  item: P;
  existing: D | undefined;
  fields: readonly FieldChange[];
}
interface ListPlan<D, P> {
  targets: Target<D, P>[];
  deleted: D[];
}
export interface ImportPlan {
  packages: ListPlan<PackageDto, ParsedPackage>;
  categories: ListPlan<CategoryDto, ParsedCategory>;
  addOns: ListPlan<AddOnDto, ParsedAddOn>;
  discounts: ListPlan<DiscountDto, ParsedDiscount>;
}

const ID_TABLES = [
  'packages',
  'package_features',
  'price_tiers',
  'user_price_tiers',
  'addon_categories',
  'addons',
  'discounts',
  'discount_conditions',
] as const;
type IdTable = (typeof ID_TABLES)[number];
type NextIds = Record<IdTable, number>;

/** The id each table gives its next row: AUTOINCREMENT's, one above the highest it ever gave (or holds). */
const nextIdsStatement = perDatabase((db: Db) =>
  db.$client.prepare(
    `SELECT ${ID_TABLES.map((t) => `max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = '${t}'), 0), coalesce((SELECT max(id) FROM ${t}), 0)) + 1 AS ${t}`).join(', ')}`,
  ),
);
const nextIdsOf = (db: Db) => nextIdsStatement(db).get() as NextIds;

type Op =
  | { op: 'delete'; table: string; column: string; values: unknown[] }
  | { op: 'insert' | 'update'; table: string; columns: readonly string[]; rows: unknown[][] };

export interface PreparedWrites {
  /** The next ids the rows were numbered from: the writes hold only while these are still the next. */
  nextIds: NextIds;
  ops: Op[];
  audit: PreparedAuditEntry[];
}

const bit = (b: boolean) => (b ? 1 : 0);
const byMin = (a: TierInput, b: TierInput) => a.min - b.min;
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** Whether the target changes one of `fields`, or (a new item) has them for the first time. */
const touches = (t: Target<unknown, unknown>, ...fields: string[]) => !t.existing || t.fields.some((f) => fields.includes(f.field));

/**
 * The rows and audit entries of `plan`, numbered from the ids the tables give next. Order: deletions first (so a name
 * one list frees never meets what another creates), then packages, categories, add-ons and discount rules.
 */
export function* prepareWrites(db: Db, plan: ImportPlan, now: Date): Steps<PreparedWrites> {
  const nextIds = nextIdsOf(db);
  const counter = { ...nextIds };
  const take = (table: IdTable) => counter[table]++;
  const ops: Op[] = [];
  const audit: PreparedAuditEntry[] = [];
  const entry = (entity: string, entityId: number, action: 'create' | 'update' | 'delete', before: unknown, after: unknown) =>
    audit.push({ entity, entityId, action, before: json(before), after: json(after) });
  const list = () => [] as unknown[][];
  const push = (op: Op) => {
    if ((op.op === 'delete' ? op.values : op.rows).length > 0) ops.push(op);
  };

  for (const [table, entity, deleted] of [
    ['discounts', 'discount', plan.discounts.deleted],
    ['addons', 'addon', plan.addOns.deleted],
    ['addon_categories', 'category', plan.categories.deleted],
    ['packages', 'package', plan.packages.deleted],
  ] as const) {
    push({ op: 'delete', table, column: 'id', values: deleted.map((d) => d.id) });
    for (const d of deleted) {
      entry(entity, d.id, 'delete', d, null);
      yield;
    }
  }

  const packageIds = new Map<string, number>();
  const pkg = { update: list(), insert: list(), features: list(), unit: list(), user: list() };
  const rewrite = { features: [] as number[], unit: [] as number[], user: [] as number[] };
  for (const t of plan.packages.targets) {
    const p = t.item;
    const old = t.existing;
    if (old && t.fields.length === 0) {
      packageIds.set(p.name, old.id);
      continue;
    }
    const id = old?.id ?? take('packages');
    packageIds.set(p.name, id);
    const columns = [p.name, p.description, p.basePrice, p.setupFee, p.extraLocationPrice];
    if (old) pkg.update.push([id, ...columns]);
    else pkg.insert.push([id, ...columns, now.getTime()]);
    let features: FeatureDto[] = old?.features ?? [];
    if (touches(t, 'features')) {
      if (old) rewrite.features.push(id);
      features = p.features.map((f, position) => {
        const rowId = take('package_features');
        pkg.features.push([rowId, id, position, f.text, bit(f.included)]);
        return { id: rowId, text: f.text, included: f.included };
      });
    }
    let unit = old?.priceTiers ?? [];
    if (touches(t, 'priceTiers')) {
      if (old) rewrite.unit.push(id);
      unit = [...p.priceTiers].sort(byMin).map((x) => {
        const row = { id: take('price_tiers'), packageId: id, minSqm: x.min, maxSqm: x.max, pricePerSqm: x.price };
        pkg.unit.push([row.id, id, x.min, x.max, x.price]);
        return toPriceTierDto(row);
      });
    }
    let user = old?.userPriceTiers ?? [];
    if (touches(t, 'userPriceTiers')) {
      if (old) rewrite.user.push(id);
      user = [...p.userPriceTiers].sort(byMin).map((x) => {
        const row = { id: take('user_price_tiers'), packageId: id, minUsers: x.min, maxUsers: x.max, pricePerUser: x.price };
        pkg.user.push([row.id, id, x.min, x.max, x.price]);
        return toUserPriceTierDto(row);
      });
    }
    const after: PackageDto = {
      id,
      name: p.name,
      description: p.description,
      basePrice: formatMoney(p.basePrice),
      setupFee: formatMoney(p.setupFee),
      extraLocationPrice: formatMoney(p.extraLocationPrice),
      features,
      priceTiers: unit,
      userPriceTiers: user,
      createdAt: old?.createdAt ?? now.toISOString(),
    };
    entry('package', id, old ? 'update' : 'create', old ?? null, after);
    yield;
  }
  const packageColumns = ['name', 'description', 'base_price_cents', 'setup_fee_cents', 'extra_location_price_cents'];
  push({ op: 'update', table: 'packages', columns: packageColumns, rows: pkg.update });
  push({ op: 'insert', table: 'packages', columns: ['id', ...packageColumns, 'created_at'], rows: pkg.insert });
  push({ op: 'delete', table: 'package_features', column: 'package_id', values: rewrite.features });
  push({ op: 'insert', table: 'package_features', columns: ['id', 'package_id', 'position', 'text', 'included'], rows: pkg.features });
  push({ op: 'delete', table: 'price_tiers', column: 'package_id', values: rewrite.unit });
  push({ op: 'insert', table: 'price_tiers', columns: ['id', 'package_id', 'min_sqm', 'max_sqm', 'price_per_sqm_cents'], rows: pkg.unit });
  push({ op: 'delete', table: 'user_price_tiers', column: 'package_id', values: rewrite.user });
  push({ op: 'insert', table: 'user_price_tiers', columns: ['id', 'package_id', 'min_users', 'max_users', 'price_per_user_cents'], rows: pkg.user });

  const categoryIds = new Map<string, number>();
  const cat = { update: list(), insert: list() };
  for (const t of plan.categories.targets) {
    const k = t.item;
    const old = t.existing;
    if (old && t.fields.length === 0) {
      categoryIds.set(k.name, old.id);
      continue;
    }
    const id = old?.id ?? take('addon_categories');
    categoryIds.set(k.name, id);
    (old ? cat.update : cat.insert).push([id, k.name, k.icon, bit(k.allowsMultipleSelection)]);
    const after: CategoryDto = { id, name: k.name, icon: k.icon, allowsMultipleSelection: k.allowsMultipleSelection };
    entry('category', id, old ? 'update' : 'create', old ?? null, after);
    yield;
  }
  const categoryColumns = ['name', 'icon', 'allows_multiple_selection'];
  push({ op: 'update', table: 'addon_categories', columns: categoryColumns, rows: cat.update });
  push({ op: 'insert', table: 'addon_categories', columns: ['id', ...categoryColumns], rows: cat.insert });

  const add = { update: list(), insert: list(), available: list() };
  const reoffered: number[] = [];
  for (const t of plan.addOns.targets) {
    const a = t.item;
    const old = t.existing;
    if (old && t.fields.length === 0) continue;
    const id = old?.id ?? take('addons');
    const categoryId = a.category === null ? null : categoryIds.get(a.category)!;
    (old ? add.update : add.insert).push([id, a.name, a.description, categoryId, a.unit, a.setupFee, a.monthlyFee]);
    let available = old?.availableForPackages ?? [];
    if (touches(t, 'availableForPackages')) {
      if (old) reoffered.push(id);
      available = [...new Set(a.availableForPackages.map((name) => packageIds.get(name)!))].sort((x, y) => x - y);
      for (const packageId of available) add.available.push([id, packageId]);
    }
    const after: AddOnDto = {
      id,
      name: a.name,
      description: a.description,
      categoryId,
      unit: a.unit,
      setupFee: formatMoney(a.setupFee),
      monthlyFee: formatMoney(a.monthlyFee),
      availableForPackages: available,
    };
    entry('addon', id, old ? 'update' : 'create', old ?? null, after);
    yield;
  }
  const addOnColumns = ['name', 'description', 'category_id', 'unit', 'setup_fee_cents', 'monthly_fee_cents'];
  push({ op: 'update', table: 'addons', columns: addOnColumns, rows: add.update });
  push({ op: 'insert', table: 'addons', columns: ['id', ...addOnColumns], rows: add.insert });
  push({ op: 'delete', table: 'addon_packages', column: 'addon_id', values: reoffered });
  push({ op: 'insert', table: 'addon_packages', columns: ['addon_id', 'package_id'], rows: add.available });

  const rule = { update: list(), insert: list(), conditions: list() };
  const reconditioned: number[] = [];
  const packageId = (name: unknown) => packageIds.get(name as string)!;
  for (const t of plan.discounts.targets) {
    const d = t.item;
    const old = t.existing;
    if (old && t.fields.length === 0) continue;
    const id = old?.id ?? take('discounts');
    (old ? rule.update : rule.insert).push([id, d.name, d.description, d.type, d.value]);
    let conditions: ConditionDto[] = old?.conditions ?? [];
    if (touches(t, 'conditions')) {
      if (old) reconditioned.push(id);
      conditions = d.conditions.map((c, position) => {
        const value = c.type !== 'package' ? c.value : Array.isArray(c.value) ? c.value.map(packageId) : packageId(c.value);
        const rowId = take('discount_conditions');
        rule.conditions.push([rowId, id, position, c.type, c.operator, JSON.stringify(value)]);
        return { id: rowId, type: c.type, operator: c.operator, value };
      });
    }
    const after: DiscountDto = { id, name: d.name, description: d.description, type: d.type, value: formatMoney(d.value), conditions };
    entry('discount', id, old ? 'update' : 'create', old ?? null, after);
    yield;
  }
  const discountColumns = ['name', 'description', 'type', 'value_hundredths'];
  push({ op: 'update', table: 'discounts', columns: discountColumns, rows: rule.update });
  push({ op: 'insert', table: 'discounts', columns: ['id', ...discountColumns], rows: rule.insert });
  push({ op: 'delete', table: 'discount_conditions', column: 'discount_id', values: reconditioned });
  push({
    op: 'insert',
    table: 'discount_conditions',
    columns: ['id', 'discount_id', 'position', 'type', 'operator', 'value'],
    rows: rule.conditions,
  });

  return { nextIds, ops, audit };
}

/** Whether the tables still give the ids the writes were numbered from (nothing was inserted since). */
export function writesStillFit(db: Db, writes: PreparedWrites): boolean {
  const now = nextIdsOf(db);
  return ID_TABLES.every((t) => now[t] === writes.nextIds[t]);
}

/** Runs the prepared statements, in order. Inside the import's transaction. */
export function applyWrites(db: Db, writes: PreparedWrites): void {
  for (const op of writes.ops) {
    if (op.op === 'delete') deleteRows(db, op.table, op.column, op.values);
    else if (op.op === 'insert') insertRows(db, op.table, op.columns, op.rows);
    else updateRows(db, op.table, op.columns, op.rows);
  }
}
