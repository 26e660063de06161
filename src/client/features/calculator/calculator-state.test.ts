import { describe, expect, it } from 'vitest';
import {
  calculatorReducer,
  customItemPrice,
  initialCalculatorState,
  orderPackages,
  parseLineQuantityText,
  parseQuantityText,
  quantityHint,
  raiseToTierMinimum,
  toQuoteForm,
  toSavePayload,
  type CalculatorAction,
  type CalculatorState,
  type LoadedConfiguration,
} from './calculator-state';
import { testCatalog, testContext } from './test-catalog';
import type { CatalogDto } from '../../lib/catalog-types';
import { toPricingCatalog } from '../../../shared/catalog';
import { calculateQuote } from '../../../shared/pricing';

const run = (s: CalculatorState, ...actions: CalculatorAction[]) => actions.reduce((acc, a) => calculatorReducer(acc, a, testContext), s);
const init = () => initialCalculatorState(testContext);
const pick = (id: number, category: number | null) => ({ type: 'selectAddOn', pick: { id, category } }) as const;

describe('defaults (docs/PRODUCT.md "The calculator")', () => {
  it('starts with Entry, 1 location, 36 months, annually, sqm and the tier minimums', () => {
    expect(init()).toEqual({
      packageId: 1,
      pricingModel: 'sqm',
      squareMeters: 100,
      userCount: 10,
      locations: 1,
      addOns: [],
      customItems: [],
      selectedDiscountIds: [],
      sellerDiscount: null,
      contractDuration: 36,
      paymentFrequency: 'annually',
      configId: null,
    });
  });

  it('orders Entry, Advanced, Ultimate, then others by base price', () => {
    const extra = [
      { ...testCatalog.packages[0]!, id: 9, name: 'Zeta', basePrice: '5.00' },
      { ...testCatalog.packages[0]!, id: 8, name: 'Alpha', basePrice: '50.00' },
    ];
    expect(orderPackages([...testCatalog.packages, ...extra]).map((p) => p.name)).toEqual(['Entry', 'Advanced', 'Ultimate', 'Zeta', 'Alpha']);
  });

  it('without known names, the cheapest package comes first; without tiers units are 1 and users 10', () => {
    const catalog: CatalogDto = {
      ...testCatalog,
      packages: [
        { ...testCatalog.packages[1]!, id: 7, name: 'Gold', basePrice: '300.00', priceTiers: [], userPriceTiers: [] },
        { ...testCatalog.packages[1]!, id: 6, name: 'Bronze', basePrice: '30.00', priceTiers: [], userPriceTiers: [] },
      ],
    };
    const s = initialCalculatorState({ catalog, pricing: toPricingCatalog(catalog) });
    expect([s.packageId, s.squareMeters, s.userCount]).toEqual([6, 1, 10]);
  });
});

describe('choosing a package', () => {
  it('raises units and users to the package’s smallest tier minimum, never lowers them', () => {
    const s = run(init(), { type: 'selectPackage', packageId: 3 });
    expect([s.packageId, s.squareMeters, s.userCount]).toEqual([3, 200, 25]);
    const big = run(init(), { type: 'inputQuantity', field: 'squareMeters', text: '7000' }, { type: 'selectPackage', packageId: 3 });
    expect(big.squareMeters).toBe(7000);
  });

  it('keeps sizes for a package without tiers', () => {
    const s = run(init(), { type: 'inputQuantity', field: 'squareMeters', text: '0' }, { type: 'selectPackage', packageId: 2 });
    expect(s.squareMeters).toBe(0);
  });

  it('drops selected add-ons the new package does not offer', () => {
    const s = run(init(), { type: 'selectPackage', packageId: 3 }, pick(31, 3), pick(22, 2), pick(11, 1), { type: 'selectPackage', packageId: 1 });
    expect(s.addOns.map((a) => a.id)).toEqual([11]);
  });

  it('ignores an unknown package', () => {
    const s = init();
    expect(run(s, { type: 'selectPackage', packageId: 404 })).toBe(s);
  });
});

describe('add-on selection', () => {
  it('toggles in a multiple-selection category', () => {
    const s = run(init(), pick(11, 1), pick(12, 1));
    expect(s.addOns).toEqual([
      { id: 11, category: 1, waiveSetupFee: false, quantity: 1 },
      { id: 12, category: 1, waiveSetupFee: false, quantity: 1 },
    ]);
    expect(run(s, pick(11, 1)).addOns.map((a) => a.id)).toEqual([12]);
  });

  it('replaces within a single-selection category; picking the chosen one again removes it', () => {
    const s = run(init(), { type: 'selectPackage', packageId: 2 }, pick(21, 2), pick(11, 1), pick(22, 2));
    expect(s.addOns.map((a) => a.id)).toEqual([11, 22]);
    expect(run(s, pick(22, 2)).addOns.map((a) => a.id)).toEqual([11]);
  });

  it('-1 clears a category', () => {
    const s = run(init(), pick(11, 1), pick(12, 1), pick(21, 2), pick(-1, 1));
    expect(s.addOns.map((a) => a.id)).toEqual([21]);
  });

  it('an id below -1 removes the add-on with the absolute id', () => {
    const s = run(init(), pick(11, 1), pick(12, 1), pick(-12, 1));
    expect(s.addOns.map((a) => a.id)).toEqual([11]);
  });

  it('-999 REPLACE_ALL replaces the whole selection (only offered add-ons, each once)', () => {
    const s = run(init(), pick(11, 1), {
      type: 'selectAddOn',
      pick: {
        id: -999,
        category: 'REPLACE_ALL',
        selection: [
          { id: 12, category: 1, waiveSetupFee: true, quantity: 1 },
          { id: 12, category: 1, waiveSetupFee: false, quantity: 1 },
          { id: 31, category: 3, waiveSetupFee: false, quantity: 1 },
          { id: 21, category: 2, waiveSetupFee: false, quantity: 4 },
        ],
      },
    });
    // a quantity belongs to an add-on priced per item only
    expect(s.addOns).toEqual([
      { id: 12, category: 1, waiveSetupFee: true, quantity: 1 },
      { id: 21, category: 2, waiveSetupFee: false, quantity: 1 },
    ]);
  });

  it('refuses an add-on the package does not offer', () => {
    const s = init();
    expect(run(s, pick(31, 3))).toBe(s);
  });

  it('toggles the setup fee waiver of a selected add-on', () => {
    const s = run(init(), pick(11, 1), { type: 'toggleWaive', addOnId: 11 });
    expect(s.addOns[0]!.waiveSetupFee).toBe(true);
    expect(run(s, { type: 'toggleWaive', addOnId: 11 }).addOns[0]!.waiveSetupFee).toBe(false);
  });
});

describe('units and users input (docs/PRODUCT.md "The calculator")', () => {
  it('empty becomes 0; anything but a whole number is refused and leaves the quote as it was', () => {
    expect(parseQuantityText('')).toBe(0);
    expect(parseQuantityText(' 250 ')).toBe(250);
    for (const bad of ['12a', '-3', '-5', '1.5', '12.5', '1e3', '12,5']) expect(parseQuantityText(bad), bad).toBeNull();
    const s = run(init(), { type: 'inputQuantity', field: 'squareMeters', text: '' });
    expect(s.squareMeters).toBe(0);
    expect(run(s, { type: 'inputQuantity', field: 'squareMeters', text: 'abc' })).toBe(s);
    expect(run(s, { type: 'inputQuantity', field: 'userCount', text: '42' }).userCount).toBe(42);
  });

  it('on blur raises to the first tier minimum, or 1 without tiers', () => {
    expect(raiseToTierMinimum(5, 100)).toBe(100);
    expect(raiseToTierMinimum(500, 100)).toBe(500);
    expect(raiseToTierMinimum(0, null)).toBe(1);
    const low = run(init(), { type: 'inputQuantity', field: 'squareMeters', text: '5' }, { type: 'blurQuantity', field: 'squareMeters' });
    expect(low.squareMeters).toBe(100);
    const users = run(init(), { type: 'inputQuantity', field: 'userCount', text: '' }, { type: 'blurQuantity', field: 'userCount' });
    expect(users.userCount).toBe(10);
    const noTiers = run(
      init(),
      { type: 'selectPackage', packageId: 2 },
      { type: 'inputQuantity', field: 'squareMeters', text: '0' },
      { type: 'blurQuantity', field: 'squareMeters' },
    );
    expect(noTiers.squareMeters).toBe(1);
  });
});

describe('locations, duration, frequency, model', () => {
  it('locations never go below 1', () => {
    const s = run(init(), { type: 'decrementLocations' });
    expect(s.locations).toBe(1);
    expect(run(s, { type: 'incrementLocations' }, { type: 'incrementLocations' }, { type: 'decrementLocations' }).locations).toBe(2);
    expect(run(s, { type: 'setLocations', locations: 0 }).locations).toBe(1);
    expect(run(s, { type: 'setLocations', locations: 4 }).locations).toBe(4);
  });

  it('contract duration is 12, 24 or 36 (else 12); frequency annually/quarterly/monthly', () => {
    expect(run(init(), { type: 'setContractDuration', contractDuration: 24 }).contractDuration).toBe(24);
    expect(run(init(), { type: 'setContractDuration', contractDuration: 18 }).contractDuration).toBe(12);
    expect(run(init(), { type: 'setPaymentFrequency', paymentFrequency: 'quarterly' }).paymentFrequency).toBe('quarterly');
    expect(run(init(), { type: 'setPaymentFrequency', paymentFrequency: 'annual' }).paymentFrequency).toBe('annually');
  });

  it('switches the pricing model', () => {
    expect(run(init(), { type: 'setPricingModel', pricingModel: 'user' }).pricingModel).toBe('user');
  });
});

describe('custom items', () => {
  it('adds only with a name and a price above 0', () => {
    const add = (name: string, price: string, isOneTime = true) =>
      ({ type: 'addCustomItem', item: { id: `c-${name}-${price}`, name, description: ' Note ', isOneTime, price } }) as const;
    const s = run(
      init(),
      add('Training', '250.50'),
      add('', '10'),
      add('Free', '0'),
      add('Bad', 'abc'),
      add('Tiny', '0.001'),
      add('Hosting', '20', false),
    );
    expect(s.customItems).toEqual([
      { id: 'c-Training-250.50', name: 'Training', description: 'Note', isOneTime: true, price: 250.5, quantity: 1 },
      { id: 'c-Hosting-20', name: 'Hosting', description: 'Note', isOneTime: false, price: 20, quantity: 1 },
    ]);
    expect(run(s, { type: 'removeCustomItem', id: 'c-Training-250.50' }).customItems.map((c) => c.name)).toEqual(['Hosting']);
  });

  it('customItemPrice: name and price required, price > 0', () => {
    expect(customItemPrice('A', '12.3456')).toBe(12.35);
    expect(customItemPrice('A', '12,50')).toBe(12.5);
    // three decimals after 1–3 digits may be a thousands group: refused, not guessed
    expect(customItemPrice('A', '12.345')).toBeNull();
    expect(customItemPrice('A', '1e3')).toBeNull();
    expect(customItemPrice(' ', '12')).toBeNull();
    expect(customItemPrice('A', '')).toBeNull();
    expect(customItemPrice('A', '-5')).toBeNull();
  });
});

describe('discounts', () => {
  it('toggles a discount on and off', () => {
    const s = run(init(), { type: 'toggleDiscount', discountId: 4 });
    expect(s.selectedDiscountIds).toEqual([4]);
    expect(run(s, { type: 'toggleDiscount', discountId: 4 }).selectedDiscountIds).toEqual([]);
  });

  it('cannot select an ineligible discount (sqm_percentage below 5000 units; user_percentage under sqm)', () => {
    expect(run(init(), { type: 'toggleDiscount', discountId: 2 }).selectedDiscountIds).toEqual([]);
    expect(run(init(), { type: 'toggleDiscount', discountId: 3 }).selectedDiscountIds).toEqual([]);
    expect(run(init(), { type: 'toggleDiscount', discountId: 99 }).selectedDiscountIds).toEqual([]);
  });

  it('drops a selected discount as soon as it becomes ineligible', () => {
    const s = run(
      init(),
      { type: 'toggleDiscount', discountId: 1 },
      { type: 'inputQuantity', field: 'squareMeters', text: '6000' },
      { type: 'toggleDiscount', discountId: 2 },
      { type: 'toggleDiscount', discountId: 5 },
    );
    expect(s.selectedDiscountIds).toEqual([1, 2, 5]);
    const after = run(s, { type: 'setContractDuration', contractDuration: 24 });
    expect(after.selectedDiscountIds).toEqual([2, 5]);
    expect(run(after, { type: 'inputQuantity', field: 'squareMeters', text: '600' }).selectedDiscountIds).toEqual([5]);
    expect(run(after, { type: 'setPaymentFrequency', paymentFrequency: 'monthly' }).selectedDiscountIds).toEqual([2]);
    expect(run(after, { type: 'setPricingModel', pricingModel: 'user' }).selectedDiscountIds).toEqual([5]);
  });
});

describe('loading and saving', () => {
  const saved: LoadedConfiguration = {
    id: 42,
    packageId: 3,
    locations: 3,
    squareMeters: 1200,
    userCount: 60,
    pricingModel: 'user',
    addOnSelections: [
      { id: 31, waiveSetupFee: true, quantity: 12 },
      { id: 22, waiveSetupFee: false, quantity: 5 },
      { id: 999, waiveSetupFee: false, quantity: 1 },
    ],
    discountIds: [3, 6, 777],
    contractDuration: 24,
    paymentFrequency: 'quarterly',
    customItems: [{ id: 'x1', name: 'Training', description: '', isOneTime: true, price: 250, quantity: 3 }],
    sellerDiscount: { type: 'fixed', value: 40, reason: 'Pilot site' },
  };

  it('fills every input; unknown discounts and add-ons not offered are ignored', () => {
    const s = run(init(), { type: 'loadConfiguration', configuration: saved });
    expect(s).toEqual({
      packageId: 3,
      pricingModel: 'user',
      squareMeters: 1200,
      userCount: 60,
      locations: 3,
      // the quantity of the add-on priced per item comes back; elsewhere a quantity is 1
      addOns: [
        { id: 31, category: 3, waiveSetupFee: true, quantity: 12 },
        { id: 22, category: 2, waiveSetupFee: false, quantity: 1 },
      ],
      customItems: [{ id: 'x1', name: 'Training', description: '', isOneTime: true, price: 250, quantity: 3 }],
      selectedDiscountIds: [3, 6],
      sellerDiscount: { type: 'fixed', value: 40, reason: 'Pilot site' },
      contractDuration: 24,
      paymentFrequency: 'quarterly',
      configId: 42,
    });
  });

  it('drops add-ons the saved package no longer offers', () => {
    const s = run(init(), { type: 'loadConfiguration', configuration: { ...saved, packageId: 1 } });
    expect(s.addOns).toEqual([]);
  });

  it('after a save the current configuration id is the returned one', () => {
    expect(run(init(), { type: 'saved', configId: 7 }).configId).toBe(7);
  });

  it('builds the quote form and the save payload from the state', () => {
    const s = run(init(), pick(11, 1), { type: 'toggleWaive', addOnId: 11 }, { type: 'toggleDiscount', discountId: 4 });
    expect(toQuoteForm(s)).toMatchObject({ packageId: 1, addOns: [{ id: 11, waiveSetupFee: true, quantity: 1 }], selectedDiscountIds: [4] });
    expect(toSavePayload(s, 'Acme')).toEqual({
      name: 'Acme',
      packageId: 1,
      locations: 1,
      squareMeters: 100,
      userCount: 10,
      pricingModel: 'sqm',
      addOns: [{ id: 11, waiveSetupFee: true, quantity: 1 }],
      discountIds: [4],
      contractDuration: 36,
      paymentFrequency: 'annually',
      customItems: [],
      sellerDiscount: null,
    });
  });

  it('the save payload carries quantities and the seller’s discount', () => {
    const s = run(
      init(),
      { type: 'selectPackage', packageId: 3 },
      pick(31, 3),
      { type: 'setAddOnQuantity', addOnId: 31, quantity: 12 },
      { type: 'addCustomItem', item: { id: 'c', name: 'Training', isOneTime: true, price: '250', quantity: 3 } },
      { type: 'setSellerDiscount', discount: { type: 'percentage', value: '5', reason: 'Loyal customer' } },
    );
    expect(toSavePayload(s, 'Acme')).toMatchObject({
      addOns: [{ id: 31, waiveSetupFee: false, quantity: 12 }],
      customItems: [{ id: 'c', name: 'Training', description: '', isOneTime: true, price: 250, quantity: 3 }],
      sellerDiscount: { type: 'percentage', value: 5, reason: 'Loyal customer' },
    });
  });
});

describe('quantities (docs/PRODUCT.md "Pricing" step 3)', () => {
  const withSensor = () => run(init(), { type: 'selectPackage', packageId: 3 }, pick(31, 3), pick(11, 1));
  const qty = (s: CalculatorState, id: number) => s.addOns.find((a) => a.id === id)?.quantity;

  it('a selected add-on priced per item takes a whole number from 1 to 10,000; anything else is ignored', () => {
    let s = withSensor();
    expect(qty(s, 31)).toBe(1);
    s = run(s, { type: 'setAddOnQuantity', addOnId: 31, quantity: 12 });
    expect(qty(s, 31)).toBe(12);
    for (const bad of [0, -1, 2.5, 10_001, Number.NaN]) expect(qty(run(s, { type: 'setAddOnQuantity', addOnId: 31, quantity: bad }), 31)).toBe(12);
    expect(qty(run(s, { type: 'setAddOnQuantity', addOnId: 31, quantity: 10_000 }), 31)).toBe(10_000);
    // the engine prices it: 35.00 × 12
    expect(calculateQuote(toQuoteForm(s), testContext.pricing).addOnsFees).toBe(2500 + 3500 * 12);
  });

  it('an add-on priced per quote or per location has no quantity of its own, and one not selected takes none', () => {
    const s = withSensor();
    expect(run(s, { type: 'setAddOnQuantity', addOnId: 11, quantity: 3 })).toBe(s);
    expect(run(s, { type: 'setAddOnQuantity', addOnId: 32, quantity: 3 })).toBe(s);
    // a per-location add-on counts the locations: 15.00 × 3
    const door = run(init(), pick(32, 3), { type: 'setLocations', locations: 3 });
    expect(calculateQuote(toQuoteForm(door), testContext.pricing).addOnsFees).toBe(4500);
  });

  it('selecting an add-on again starts it at 1', () => {
    const s = run(withSensor(), { type: 'setAddOnQuantity', addOnId: 31, quantity: 12 }, pick(31, 3), pick(31, 3));
    expect(qty(s, 31)).toBe(1);
  });

  it('a custom item is added with its quantity (1 by default) and its quantity can be changed within 1–10,000', () => {
    const add = (id: string, quantity?: number) =>
      ({ type: 'addCustomItem', item: { id, name: 'Licence', isOneTime: false, price: '2.50', quantity } }) as const;
    let s = run(init(), add('a'), add('b', 12), add('c', 0), add('d', 10_001));
    expect(s.customItems.map((c) => [c.id, c.quantity])).toEqual([
      ['a', 1],
      ['b', 12],
    ]);
    s = run(s, { type: 'setCustomItemQuantity', id: 'a', quantity: 3 });
    expect(s.customItems[0]!.quantity).toBe(3);
    expect(run(s, { type: 'setCustomItemQuantity', id: 'a', quantity: 0 })).toBe(s);
    expect(run(s, { type: 'setCustomItemQuantity', id: 'zz', quantity: 2 })).toBe(s);
    // the line is price × quantity: 2.50 × 3 + 2.50 × 12
    expect(calculateQuote(toQuoteForm(s), testContext.pricing).customRecurring).toBe(750 + 3000);
  });

  it('parseLineQuantityText reads whole numbers from 1 to 10,000 and refuses the rest', () => {
    expect(['1', ' 12 ', '10000'].map(parseLineQuantityText)).toEqual([1, 12, 10_000]);
    expect(['', '0', '-1', '2.5', '10001', '1e3', 'abc'].map(parseLineQuantityText)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('the seller’s discount (docs/PRODUCT.md "Pricing" step 5)', () => {
  const set = (type: string, value: string | number, reason: string) => ({ type: 'setSellerDiscount', discount: { type, value, reason } }) as const;

  it('one per quote: a valid one is set (or replaces the one there is) and Remove clears it', () => {
    let s = run(init(), set('percentage', '10', '  Multi-year commitment '));
    expect(s.sellerDiscount).toEqual({ type: 'percentage', value: 10, reason: 'Multi-year commitment' });
    s = run(s, set('fixed', '12,50', 'Pilot'));
    expect(s.sellerDiscount).toEqual({ type: 'fixed', value: 12.5, reason: 'Pilot' });
    expect(run(s, { type: 'removeSellerDiscount' }).sellerDiscount).toBeNull();
  });

  it('what the save would refuse is ignored: no reason, a reason over 200 characters, 0, over 100 %, another type', () => {
    const s = run(init(), set('percentage', '10', 'Kept'));
    for (const bad of [
      set('percentage', '10', ' '),
      set('percentage', '10', 'x'.repeat(201)),
      set('percentage', '0', 'Zero'),
      set('percentage', '100.5', 'Too much'),
      set('fixed', '-5', 'Negative'),
      set('fixed', 'abc', 'Not a number'),
      set('gift', '5', 'Unknown type'),
    ])
      expect(run(s, bad)).toBe(s);
    expect(run(s, set('percentage', '100', 'x'.repeat(200))).sellerDiscount?.value).toBe(100);
  });

  it('comes off after the catalogue’s discounts, as its own discount line', () => {
    const s = run(init(), { type: 'toggleDiscount', discountId: 4 }, set('percentage', '10', 'Loyal customer'));
    const r = calculateQuote(toQuoteForm(s), testContext.pricing);
    // Entry 99.00 + 100 × 3.00 = 399.00; Welcome Credit 50.00 → 349.00; 10 % of that = 34.90
    expect(r.discounts.map((d) => [d.name, d.amount])).toEqual([
      ['Welcome Credit', 5000],
      ['Seller’s discount: Loyal customer'.replace('’', "'"), 3490],
    ]);
    expect(r.total).toBe(31410);
  });
});

describe('the units / users hint', () => {
  const entry = () => run(init(), { type: 'selectPackage', packageId: 1 });
  it('says where the next volume price starts when a tier break is near', () => {
    const s = run(entry(), { type: 'inputQuantity', field: 'squareMeters', text: '950' });
    expect(quantityHint(s, testContext, 3)).toBe('€3.00 per unit per month at this size; from 1,000 units: €2.50');
    const users = run(entry(), { type: 'setPricingModel', pricingModel: 'user' }, { type: 'inputQuantity', field: 'userCount', text: '45' });
    expect(quantityHint(users, testContext, 15)).toBe('€15.00 per user per month at this size; from 50 users: €12.00');
  });
  it('below the smallest tier says where the package starts, not a price that does not apply', () => {
    const s = run(entry(), { type: 'inputQuantity', field: 'squareMeters', text: '50' });
    expect(quantityHint(s, testContext, 2)).toBe('Entry starts at 100 units');
    expect(quantityHint(run(s, { type: 'inputQuantity', field: 'squareMeters', text: '' }), testContext, null)).toBe('Entry starts at 100 units');
    const users = run(entry(), { type: 'setPricingModel', pricingModel: 'user' }, { type: 'inputQuantity', field: 'userCount', text: '3' });
    expect(quantityHint(users, testContext, 12)).toBe('Entry starts at 10 users');
    const ultimate = run(init(), { type: 'selectPackage', packageId: 3 }, { type: 'inputQuantity', field: 'squareMeters', text: '1999' });
    expect(quantityHint(run(ultimate, { type: 'inputQuantity', field: 'squareMeters', text: '199' }), testContext, 3.5)).toBe(
      'Ultimate starts at 200 units',
    );
    // at the minimum itself the price is back
    expect(quantityHint(run(s, { type: 'inputQuantity', field: 'squareMeters', text: '100' }), testContext, 3)).toBe(
      '€3.00 per unit per month at this size',
    );
    // a package without tiers has no minimum to speak of
    const advanced = run(init(), { type: 'selectPackage', packageId: 2 }, { type: 'inputQuantity', field: 'squareMeters', text: '5' });
    expect(quantityHint(advanced, testContext, 2.5)).toBe('€2.50 per unit per month at this size');
  });
  it('gives only the price far from a break, and nothing before a price is known', () => {
    const s = run(entry(), { type: 'inputQuantity', field: 'squareMeters', text: '500' });
    expect(quantityHint(s, testContext, 3)).toBe('€3.00 per unit per month at this size');
    expect(quantityHint(s, testContext, null)).toBeUndefined();
  });
});
