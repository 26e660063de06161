// What a change reads like, in the admin area's own words and formats: the one formatter of field names and values
// behind the import's dry run (catalogue-file/import-summary.ts) and the Activity tab's sentences
// (activity/activity-filters.ts). "Base price: €499.00 → €529.00", a tier's price "Unit price tier 100 – 324 units:
// €3.50 → €3.80", a discount's value in its kind ("10%", "€50.00", "2 months"). Values come in the catalogue file's
// form (things named by name) or the answers' form (things named by id, named here through `names`). It lives with
// the admin feature rather than in lib/: it speaks the Price Tiers and Discounts tabs' words, which lib/ may not
// import. Pure, tested without a DOM.
import type { NamedCatalogueKind, TierKind } from '../../../../shared/schemas/catalog-admin';
import { catalogIconLabel } from '../../../components/catalog-icons';
import { conditionText, type ConditionLike } from '../../../lib/condition-words';
import { formatEuro } from '../../../lib/format';
import { ADD_ON_UNIT_LABELS, DISCOUNT_TYPE_LABELS, labelOf, PRICING_MODEL_LABELS, QUOTE_STATUS_LABELS } from '../../../../shared/labels';
import { discountValueText } from '../discounts/condition-rules';
import { tierRangeLabel } from '../tiers/tier-format';

/** The packages and categories of the catalogue by id: what an id in an audit entry is called. */
export interface NameLookup {
  packages: ReadonlyMap<number, string>;
  categories: ReadonlyMap<number, string>;
}

/** A field that changes, with its values before and after (the dry run's answer, or the shared fieldChanges). */
export interface ChangedField {
  field: string;
  before?: unknown;
  after?: unknown;
}

export interface ChangeContext {
  names?: NameLookup;
  /** A discount rule's type before and after the change: its value reads in it. */
  discountType?: { before: unknown; after: unknown };
}

/** Field names as the screens call them; the rest are split into words ("extraLocationPrice" → "Extra location price"). */
const FIELD_LABEL: Record<string, string> = {
  tcv: 'TCV',
  totalMonthly: 'Monthly total',
  setupFees: 'One-time fees',
  squareMeters: 'Units',
  userCount: 'Users',
  pricingModel: 'Pricing model',
  isAdmin: 'Administrator',
  priceTiers: 'Unit price tiers',
  userPriceTiers: 'User price tiers',
  availableForPackages: 'Available for packages',
  categoryId: 'Category',
  allowsMultipleSelection: 'Selection',
  type: 'Type',
  unit: 'Unit',
};
/** A discount rule's fields where they read differently from other items'. */
const DISCOUNT_FIELD_LABEL: Record<string, string> = { type: 'Discount type', value: 'Value' };
const MONEY_FIELDS = new Set([
  'tcv',
  'totalMonthly',
  'setupFees',
  'basePrice',
  'setupFee',
  'extraLocationPrice',
  'monthlyFee',
  'pricePerSqm',
  'pricePerUser',
]);
const TIER_FIELDS: Record<string, { kind: TierKind; label: string }> = {
  priceTiers: { kind: 'unit', label: 'Unit price tier' },
  userPriceTiers: { kind: 'user', label: 'User price tier' },
};

export function sentenceCase(text: string): string {
  const t = text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export function fieldLabel(key: string, kind?: string): string {
  return (kind === 'discount' ? DISCOUNT_FIELD_LABEL[key] : undefined) ?? FIELD_LABEL[key] ?? sentenceCase(key);
}

/** One value as a person reads it: money in euro, yes/no, the unit model's name, lists by their length. */
export function valueText(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (MONEY_FIELDS.has(key) && (typeof v === 'string' || typeof v === 'number') && Number.isFinite(Number(v))) return formatEuro(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (key === 'pricingModel') return PRICING_MODEL_LABELS[v === 'user' ? 'user' : 'sqm'];
  if (key === 'status' && typeof v === 'string') return labelOf(QUOTE_STATUS_LABELS, v);
  if (key === 'unit' && typeof v === 'string') return labelOf(ADD_ON_UNIT_LABELS, v);
  if (Array.isArray(v)) return v.length === 0 ? 'none' : `${v.length} ${v.length === 1 ? 'entry' : 'entries'}`;
  if (typeof v === 'object') return 'changed';
  return String(v);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A package or category reference: a name (the file's form) or an id (the answers'). */
function refName(ref: unknown, names: ReadonlyMap<number, string> | undefined, noun: string): string {
  if (typeof ref === 'string') return ref;
  if (typeof ref === 'number') return names?.get(ref) ?? `${noun} #${ref} (deleted)`;
  return '—';
}

interface Tier {
  min: number;
  max: number | null;
  price: string;
}
/** A tier of either kind, in either form ({ minSqm, maxSqm, pricePerSqm } / { minUsers, … }). */
function tiersOf(v: unknown): Tier[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter(isRecord)
    .map((t) => ({
      min: Number(t.minSqm ?? t.minUsers ?? t.min ?? 0),
      max: (t.maxSqm ?? t.maxUsers ?? t.max ?? null) as number | null,
      price: String(t.pricePerSqm ?? t.pricePerUser ?? t.price ?? ''),
    }))
    .sort((a, b) => a.min - b.min);
}

/** "Unit price tier 100 – 324 units: €3.50 → €3.80"; a tier whose range is new or gone says so. */
function tierLines(field: string, before: unknown, after: unknown): string[] {
  const { kind, label } = TIER_FIELDS[field]!;
  const rangeOf = (t: Tier) => `${t.min}-${t.max ?? ''}`;
  const was = new Map(tiersOf(before).map((t) => [rangeOf(t), t]));
  const now = new Map(tiersOf(after).map((t) => [rangeOf(t), t]));
  const all = [...tiersOf(before).filter((t) => !now.has(rangeOf(t))), ...tiersOf(after)].sort(
    (a, b) => a.min - b.min || (now.has(rangeOf(a)) ? 1 : -1),
  );
  return all.flatMap((t) => {
    const range = `${label} ${tierRangeLabel(t.min, t.max, kind)}`;
    const old = was.get(rangeOf(t));
    const current = now.get(rangeOf(t));
    if (old && current) return old.price === current.price ? [] : [`${range}: ${formatEuro(old.price)} → ${formatEuro(current.price)}`];
    return current ? [`${range} added: ${formatEuro(current.price)}`] : [`${range} removed: ${formatEuro(old!.price)}`];
  });
}

/** A whole tier list: "0 – 499 units €2.00, 500 units+ €1.50". */
function tierListText(field: string, v: unknown): string {
  const tiers = tiersOf(v);
  if (tiers.length === 0) return 'none';
  return tiers.map((t) => `${tierRangeLabel(t.min, t.max, TIER_FIELDS[field]!.kind)} ${formatEuro(t.price)}`).join(', ');
}

/** A catalogue field's value in the words of the admin forms and lists. */
function catalogueValue(kind: NamedCatalogueKind, field: string, v: unknown, ctx: ChangeContext, side: 'before' | 'after'): string {
  const names = ctx.names;
  switch (field) {
    case 'features':
      if (!Array.isArray(v) || v.length === 0) return 'none';
      return v.map((f: { text?: unknown; included?: unknown }) => `${String(f.text)}${f.included === false ? ' (not included)' : ''}`).join(', ');
    case 'priceTiers':
    case 'userPriceTiers':
      return tierListText(field, v);
    case 'category':
    case 'categoryId':
      return v === null || v === undefined ? 'none' : refName(v, names?.categories, 'category');
    case 'availableForPackages':
      return !Array.isArray(v) || v.length === 0 ? 'none' : v.map((p) => refName(p, names?.packages, 'package')).join(', ');
    case 'icon':
      return catalogIconLabel(typeof v === 'string' ? v : null);
    case 'allowsMultipleSelection':
      return v ? 'Multiple selection' : 'Single selection';
    case 'conditions': {
      if (!Array.isArray(v) || v.length === 0) return 'none';
      const packages = [...(names?.packages ?? [])].map(([id, name]) => ({ id, name }));
      return v.map((c: ConditionLike) => conditionText(c, packages)).join(' and ');
    }
  }
  if (kind === 'discount' && field === 'type') return typeof v === 'string' ? labelOf(DISCOUNT_TYPE_LABELS, v) : '—';
  if (kind === 'discount' && field === 'value' && (typeof v === 'string' || typeof v === 'number')) {
    const type = ctx.discountType?.[side];
    return discountValueText(typeof type === 'string' ? type : 'percentage', String(v));
  }
  return valueText(field, v);
}

/** Each changed field of an item of `kind` as a line: "Base price: €499.00 → €529.00"; tiers one line each. */
export function changeLines(kind: NamedCatalogueKind, changes: readonly ChangedField[], ctx: ChangeContext = {}): string[] {
  return changes.flatMap(({ field, before, after }) => {
    if (TIER_FIELDS[field]) return tierLines(field, before, after);
    return [
      `${fieldLabel(field, kind)}: ${catalogueValue(kind, field, before, ctx, 'before')} → ${catalogueValue(kind, field, after, ctx, 'after')}`,
    ];
  });
}

/** What a created or deleted item of `kind` held, a field a line: "Base price: €499.00". */
export function itemLines(kind: NamedCatalogueKind, item: unknown, ctx: ChangeContext = {}): string[] {
  if (!isRecord(item)) return [];
  return Object.entries(item)
    .filter(([k]) => k !== 'id' && k !== 'createdAt')
    .map(([k, v]) => `${TIER_FIELDS[k] ? fieldLabel(k) : fieldLabel(k, kind)}: ${catalogueValue(kind, k, v, ctx, 'after')}`);
}
