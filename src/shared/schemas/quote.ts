// Quote form data (docs/PRODUCT.md "Saved quotes"). Deliberately loose: the engine normalises every field (docs/PRODUCT.md "Pricing" step 1), so a
// half-typed form still gets a quote. Only the shape is checked here — and the size: the largest sane
// quote has 50 add-ons and 100 custom items, so the lists are capped at 200 and the texts a quote echoes back at the
// lengths a saved configuration allows; one request can then neither hold the event loop nor answer megabytes.
// Each field's `.meta()` is its JSON Schema in the API description: what a client sends, as the engine reads it
// (zod cannot convert a field it checks only in code); it takes no part in the validation.
import { z } from 'zod';
import { MAX_QUANTITY } from '../pricing/normalize';
import { MAX_LINE_QUANTITY } from '../pricing/types';
import { CONTRACT_DURATIONS, PAYMENT_FREQUENCIES, PRICING_MODELS, SELLER_DISCOUNT_TYPES } from '../value-sets';
import { controlCharsMessage, isMultiLineText, isSingleLineText } from './text';

export const QUOTE_MAX_ADD_ONS = 200;
export const QUOTE_MAX_CUSTOM_ITEMS = 200;
export const QUOTE_MAX_DISCOUNTS = 200;
export const QUOTE_ITEM_NAME_MAX = 200;
export const QUOTE_ITEM_DESCRIPTION_MAX = 1000;
export const QUOTE_REASON_MAX = 200;

export const quoteLimitMessages = {
  addOns: `A quote can have at most ${QUOTE_MAX_ADD_ONS} add-ons`,
  customItems: `A quote can have at most ${QUOTE_MAX_CUSTOM_ITEMS} custom items`,
  discounts: `A quote can have at most ${QUOTE_MAX_DISCOUNTS} discounts`,
  itemName: `Custom item names must be at most ${QUOTE_ITEM_NAME_MAX} characters`,
  itemDescription: `Custom item descriptions must be at most ${QUOTE_ITEM_DESCRIPTION_MAX} characters`,
  reason: `The reason for the seller's discount must be at most ${QUOTE_REASON_MAX} characters`,
} as const;

/** The seller's discount as the engine reads it; only its reason, echoed in the discount's name, is checked here. */
const sellerDiscount = z.unknown().superRefine((v, ctx) => {
  if (v === null || typeof v !== 'object') return;
  const { reason } = v as { reason?: unknown };
  if (typeof reason !== 'string') return;
  if (reason.length > QUOTE_REASON_MAX) ctx.addIssue({ code: 'custom', message: quoteLimitMessages.reason, path: ['reason'] });
  else if (!isSingleLineText(reason)) ctx.addIssue({ code: 'custom', message: controlCharsMessage('Reason'), path: ['reason'] });
});

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

const id = { type: 'integer', minimum: 1 } as const;
const lineQuantity = (description: string) =>
  ({ type: 'integer', minimum: 1, maximum: MAX_LINE_QUANTITY, default: 1, description: `${description}; cut to a whole number` }) as const;
const quantity = (minimum: number, example: number, description: string) =>
  z.unknown().meta({ type: 'number', minimum, maximum: MAX_QUANTITY, examples: [example], description: `${description}; cut to a whole number` });

export const quoteFormInput = z
  .object({
    packageId: z.unknown().meta({ ...id, examples: [1], description: 'The package (GET /api/packages); required to price a quote' }),
    pricingModel: z.unknown().meta({ type: 'string', enum: [...PRICING_MODELS], default: 'sqm', description: 'Priced by square metre or by user' }),
    squareMeters: quantity(0, 500, 'Square metres, for the sqm model'),
    userCount: quantity(0, 20, 'Users, for the user model'),
    locations: quantity(1, 1, 'Locations').meta({ default: 1 }),
    addOns: boundedList(QUOTE_MAX_ADD_ONS, quoteLimitMessages.addOns).meta({
      type: 'array',
      maxItems: QUOTE_MAX_ADD_ONS,
      description: 'The add-ons chosen (GET /api/addons); one not available for the package is left out',
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id,
          waiveSetupFee: { type: 'boolean', default: false, description: 'Leave out its setup fee' },
          quantity: lineQuantity('How many, for an add-on priced per item (its unit is "item"); ignored for others'),
        },
      },
    }),
    customItems: customItems.meta({
      type: 'array',
      maxItems: QUOTE_MAX_CUSTOM_ITEMS,
      description: 'Lines of your own; one without a price above 0 is left out',
      items: {
        type: 'object',
        required: ['price'],
        properties: {
          id: { type: 'string', description: 'Your own id for the line', examples: ['training'] },
          name: { type: 'string', maxLength: QUOTE_ITEM_NAME_MAX, examples: ['Training'] },
          description: { type: 'string', maxLength: QUOTE_ITEM_DESCRIPTION_MAX, examples: ['Two days on site'] },
          isOneTime: { type: 'boolean', default: false, description: 'A one-time charge' },
          price: { type: ['number', 'string'], description: 'Euro, the price of one: a number or a decimal string', examples: [950] },
          quantity: lineQuantity('How many; the line is price × quantity'),
        },
      },
    }),
    selectedDiscountIds: boundedList(QUOTE_MAX_DISCOUNTS, quoteLimitMessages.discounts).meta({
      type: 'array',
      maxItems: QUOTE_MAX_DISCOUNTS,
      items: id,
      description: 'The discounts chosen (GET /api/discounts); an unknown id is left out',
    }),
    sellerDiscount: sellerDiscount.meta({
      type: ['object', 'null'],
      description: "One discount of the seller's own, after the catalogue's: a percentage of what they leave, or a fixed euro amount per month",
      required: ['type', 'value'],
      properties: {
        type: { type: 'string', enum: [...SELLER_DISCOUNT_TYPES] },
        value: { type: ['number', 'string'], description: 'Percent (above 0, at most 100) or euro per month (above 0)', examples: [10] },
        reason: { type: 'string', maxLength: QUOTE_REASON_MAX, examples: ['Multi-year commitment'] },
      },
    }),
    contractDuration: z.unknown().meta({ type: 'integer', enum: [...CONTRACT_DURATIONS], default: 12, description: 'Months' }),
    paymentFrequency: z.unknown().meta({ type: 'string', enum: [...PAYMENT_FREQUENCIES], default: 'annually' }),
  })
  .partial();
