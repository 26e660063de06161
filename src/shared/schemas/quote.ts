// Quote form data (docs/PRODUCT.md "Saved quotes"). Deliberately loose: the engine normalises every field (docs/PRODUCT.md "Pricing" step 1), so a
// half-typed form still gets a quote. Only the shape is checked here — and the size: the largest sane
// quote has 50 add-ons and 100 custom items, so the lists are capped at 200 and the texts a quote echoes back at the
// lengths a saved configuration allows; one request can then neither hold the event loop nor answer megabytes.
import { z } from 'zod';
import { controlCharsMessage, isMultiLineText, isSingleLineText } from './text';

export const QUOTE_MAX_ADD_ONS = 200;
export const QUOTE_MAX_CUSTOM_ITEMS = 200;
export const QUOTE_MAX_DISCOUNTS = 200;
export const QUOTE_ITEM_NAME_MAX = 200;
export const QUOTE_ITEM_DESCRIPTION_MAX = 1000;

export const quoteLimitMessages = {
  addOns: `A quote can have at most ${QUOTE_MAX_ADD_ONS} add-ons`,
  customItems: `A quote can have at most ${QUOTE_MAX_CUSTOM_ITEMS} custom items`,
  discounts: `A quote can have at most ${QUOTE_MAX_DISCOUNTS} discounts`,
  itemName: `Custom item names must be at most ${QUOTE_ITEM_NAME_MAX} characters`,
  itemDescription: `Custom item descriptions must be at most ${QUOTE_ITEM_DESCRIPTION_MAX} characters`,
} as const;

/** Anything (the engine decides); a list longer than `max` is a 400. */
const boundedList = (max: number, message: string) =>
  z.unknown().superRefine((v, ctx) => {
    if (Array.isArray(v) && v.length > max) ctx.addIssue({ code: 'custom', message });
  });

const customItems = boundedList(QUOTE_MAX_CUSTOM_ITEMS, quoteLimitMessages.customItems).superRefine((v, ctx) => {
  if (!Array.isArray(v) || v.length > QUOTE_MAX_CUSTOM_ITEMS) return;
  for (let i = 0; i < v.length; i++) {
    const item: unknown = v[i];
    if (item === null || typeof item !== 'object') continue;
    const { id, name, description } = item as { id?: unknown; name?: unknown; description?: unknown };
    if (typeof name === 'string' && name.length > QUOTE_ITEM_NAME_MAX) {
      ctx.addIssue({ code: 'custom', message: quoteLimitMessages.itemName, path: [i, 'name'] });
      return;
    }
    if (typeof description === 'string' && description.length > QUOTE_ITEM_DESCRIPTION_MAX) {
      ctx.addIssue({ code: 'custom', message: quoteLimitMessages.itemDescription, path: [i, 'description'] });
      return;
    }
    // The texts a quote echoes back (and prints on its PDF) follow the one text rule of every saved text.
    const bad: [unknown, string, (v: string) => boolean, string][] = [
      [name, 'name', isSingleLineText, 'Custom item name'],
      [description, 'description', isMultiLineText, 'Custom item description'],
      [id, 'id', isSingleLineText, 'Custom item id'],
    ];
    for (const [value, field, ok, label] of bad) {
      if (typeof value === 'string' && !ok(value)) {
        ctx.addIssue({ code: 'custom', message: controlCharsMessage(label), path: [i, field] });
        return;
      }
    }
  }
});

export const quoteFormInput = z
  .object({
    packageId: z.unknown(),
    pricingModel: z.unknown(),
    squareMeters: z.unknown(),
    userCount: z.unknown(),
    locations: z.unknown(),
    addOns: boundedList(QUOTE_MAX_ADD_ONS, quoteLimitMessages.addOns),
    customItems,
    selectedDiscountIds: boundedList(QUOTE_MAX_DISCOUNTS, quoteLimitMessages.discounts),
    contractDuration: z.unknown(),
    paymentFrequency: z.unknown(),
  })
  .partial();
