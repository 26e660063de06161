// Whether two sets of pricing inputs are the same quote: the server's "is this a new revision?" (docs/PRODUCT.md
// "Saved quotes") and the calculator's "is this draft unsaved work?" ask it the same way. Every field of the pricing
// input schema counts (PRICING_FIELDS), so a field added there is compared without a second edit here.
import { canonicalJson } from './canonical-json';
import {
  ADD_ON_SELECTION_FIELDS,
  CUSTOM_ITEM_PRICING_FIELDS,
  PRICING_FIELDS,
  type AddOnSelectionFields,
  type PricingFields,
} from './schemas/configuration';

/** `keys` of `value` and nothing else (a stored or client-side object may carry more). */
export function pickFields<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, value[k]])) as Pick<T, K>;
}

/** An add-on selection as a save takes and a quote stores it: without the calculator's `category`. */
export const addOnSelectionOf = (a: AddOnSelectionFields): AddOnSelectionFields => pickFields(a, ADD_ON_SELECTION_FIELDS);

/**
 * The pricing inputs in one comparable form (canonical JSON): add-ons and discounts once each (the first add-on of an
 * id wins, as in the engine), custom items without their client-made ids and with their prices in whole cents.
 */
export function pricingKey(f: PricingFields): string {
  const addOns = new Map<number, AddOnSelectionFields>();
  for (const a of f.addOns) if (!addOns.has(a.id)) addOns.set(a.id, addOnSelectionOf(a));
  return canonicalJson({
    ...pickFields(f, PRICING_FIELDS),
    addOns: [...addOns.values()],
    discountIds: [...new Set(f.discountIds)],
    customItems: f.customItems.map((c) => ({ ...pickFields(c, CUSTOM_ITEM_PRICING_FIELDS), price: Math.round(c.price * 100) })),
  });
}
