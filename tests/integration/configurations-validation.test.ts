// Bad input is a 400 with a message a user can act on, and nothing is stored or changed.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations } from '../../db/schema';
import { withDemoIds, type DemoIds } from '../support/configurations';
import { appWithUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
let user: TestClient;
let existing: { id: number };

beforeAll(async () => {
  ({ t, user, ids } = await withDemoIds(appWithUser()));
  existing = (await user.post('/api/configurations', { name: 'Existing', packageId: ids.pkg('Entry'), squareMeters: 500 })).body;
});
afterAll(() => t.close());

const rowCount = () => t.db.select({ n: count() }).from(configurations).get()!.n;
const valid = () => ({ name: 'Client', packageId: ids.pkg('Entry'), squareMeters: 500 });
const item = (over: Record<string, unknown> = {}) => ({ name: 'Item', isOneTime: true, price: 10, ...over });

const cases: [string, () => Record<string, unknown>, string][] = [
  ['a missing name', () => ({ ...valid(), name: undefined }), 'Please enter a configuration name'],
  ['an empty name', () => ({ ...valid(), name: '' }), 'Please enter a configuration name'],
  ['a whitespace-only name', () => ({ ...valid(), name: ' \t ' }), 'Please enter a configuration name'],
  ['a name that is not text', () => ({ ...valid(), name: 42 }), 'Please enter a configuration name'],
  ['a name over 200 characters', () => ({ ...valid(), name: 'x'.repeat(201) }), 'Configuration name must be at most 200 characters'],
  ['no package', () => ({ ...valid(), packageId: undefined }), 'Selected package not found'],
  ['an unknown package', () => ({ ...valid(), packageId: 9999 }), 'Selected package not found'],
  ['a package id that is not a number', () => ({ ...valid(), packageId: 'Entry' }), 'Selected package not found'],
  ['0 locations', () => ({ ...valid(), locations: 0 }), 'Locations must be a whole number from 1 to 10,000'],
  ['10001 locations', () => ({ ...valid(), locations: 10001 }), 'Locations must be a whole number from 1 to 10,000'],
  ['a fractional location', () => ({ ...valid(), locations: 1.5 }), 'Locations must be a whole number from 1 to 10,000'],
  ['negative square meters', () => ({ ...valid(), squareMeters: -1 }), 'Units must be a whole number from 0 to 10,000,000'],
  ['too many square meters', () => ({ ...valid(), squareMeters: 10_000_001 }), 'Units must be a whole number from 0 to 10,000,000'],
  ['square meters as words', () => ({ ...valid(), squareMeters: 'lots' }), 'Units must be a whole number from 0 to 10,000,000'],
  ['too many users', () => ({ ...valid(), userCount: '10000001' }), 'User count must be a whole number from 0 to 10,000,000'],
  ['an unknown pricing model', () => ({ ...valid(), pricingModel: 'seat' }), 'Pricing model must be sqm or user'],
  ['an 18-month contract', () => ({ ...valid(), contractDuration: 18 }), 'Contract duration must be 12, 24 or 36 months'],
  ['a weekly payment', () => ({ ...valid(), paymentFrequency: 'weekly' }), 'Payment frequency must be monthly, quarterly or annually'],
  ['add-ons that are not a list', () => ({ ...valid(), addOns: 'all' }), 'Add-ons must be a list of add-on ids'],
  ['an add-on id that is not a number', () => ({ ...valid(), addOns: ['abc'] }), 'Add-ons must be a list of add-on ids'],
  ['an unknown add-on', () => ({ ...valid(), addOns: [999] }), 'Add-on 999 does not exist'],
  [
    'an add-on not available for the package',
    () => ({ ...valid(), addOns: [ids.addOn('Audit Log')] }),
    'Add-on Audit Log is not available for the selected package',
  ],
  ['an unknown discount', () => ({ ...valid(), discountIds: [ids.discount('Welcome Credit'), 999] }), 'Discount 999 does not exist'],
  ['discounts that are not a list', () => ({ ...valid(), discountIds: 5 }), 'Discounts must be a list of discount ids'],
  ['custom items that are not a list', () => ({ ...valid(), customItems: {} }), 'Custom items must be a list'],
  [
    '201 custom items',
    () => ({ ...valid(), customItems: Array.from({ length: 201 }, () => item()) }),
    'A configuration can have at most 200 custom items',
  ],
  ['a custom item without a name', () => ({ ...valid(), customItems: [item({ name: '  ' })] }), 'Please enter a name for each custom item'],
  [
    'a custom item name over 200 characters',
    () => ({ ...valid(), customItems: [item({ name: 'n'.repeat(201) })] }),
    'Custom item names must be at most 200 characters',
  ],
  ['a custom item priced 0', () => ({ ...valid(), customItems: [item({ price: 0 })] }), 'Custom item price must be a number greater than 0'],
  ['a negative custom item', () => ({ ...valid(), customItems: [item({ price: -5 })] }), 'Custom item price must be a number greater than 0'],
  [
    'a custom item that rounds to 0.00',
    () => ({ ...valid(), customItems: [item({ price: 0.004 })] }),
    'Custom item price must be a number greater than 0',
  ],
  [
    'a custom item priced in words',
    () => ({ ...valid(), customItems: [item({ price: 'ten' })] }),
    'Custom item price must be a number greater than 0',
  ],
  [
    'a custom item over 10,000,000',
    () => ({ ...valid(), customItems: [item({ price: 10_000_000.01 })] }),
    'Custom item price must be at most €10,000,000',
  ],
  [
    'a description over 1000 characters',
    () => ({ ...valid(), customItems: [item({ description: 'd'.repeat(1001) })] }),
    'Custom item descriptions must be at most 1000 characters',
  ],
  ['isOneTime as text', () => ({ ...valid(), customItems: [item({ isOneTime: 'yes' })] }), 'isOneTime must be true or false'],
  // numbers as typed (docs/PRODUCT.md "Numbers as typed"): refused as the calculator refuses them, never read as another number
  ...(['12.5', '-5', '1e3', '12a', '1,000'] as const).map((typed): [string, () => Record<string, unknown>, string] => [
    `units typed as "${typed}"`,
    () => ({ ...valid(), squareMeters: typed }),
    'Units must be a whole number from 0 to 10,000,000',
  ]),
  ['users typed as "1e3"', () => ({ ...valid(), userCount: '1e3' }), 'User count must be a whole number from 0 to 10,000,000'],
  ['locations typed as "2.0"', () => ({ ...valid(), locations: '2.0' }), 'Locations must be a whole number from 1 to 10,000'],
  ...(['1e3', '12a', '1,234', '12,50.5'] as const).map((typed): [string, () => Record<string, unknown>, string] => [
    `a custom price typed as "${typed}"`,
    () => ({ ...valid(), customItems: [item({ price: typed })] }),
    'Custom item price must be a number greater than 0',
  ]),
  [
    'a custom price typed over the limit',
    () => ({ ...valid(), customItems: [item({ price: '10.000.000,01' })] }),
    'Custom item price must be at most €10,000,000',
  ],
];

describe('saving with invalid input', () => {
  it.each(cases)('refuses %s with 400 and stores nothing', async (_label, body, message) => {
    const before = rowCount();
    const res = await user.post('/api/configurations', body());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.error).toBe(message);
    expect(rowCount()).toBe(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    const before = rowCount();
    expect((await user.post('/api/configurations', '[1,2]')).status).toBe(400);
    expect((await user.post('/api/configurations', '{"name":')).status).toBe(400);
    expect(rowCount()).toBe(before);
  });

  it('accepts numbers as numeric strings and "annual" as annually', async () => {
    const res = await user.post('/api/configurations', {
      name: 'Strings',
      packageId: String(ids.pkg('Entry')),
      locations: '2',
      squareMeters: ' 500 ',
      contractDuration: '36',
      paymentFrequency: 'annual',
      addOns: [String(ids.addOn('Business Support'))],
      discountIds: [String(ids.discount('Annual Prepay Bonus'))],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      locations: 2,
      squareMeters: 500,
      contractDuration: 36,
      paymentFrequency: 'annually',
      addOnSelections: [{ id: ids.addOn('Business Support'), waiveSetupFee: false }],
      discountIds: [ids.discount('Annual Prepay Bonus')],
      // 99.00 + 1500.00 + 1 extra location 49.00 + Business Support 99.00 = 1747.00
      totalMonthly: '1747.00',
      setupFees: '499.00',
      // 36 paid months (the free month is extra): 1747.00 × 36 + 499.00 = 63391.00
      tcv: '63391.00',
    });
  });
});

describe('prices as typed', () => {
  it('takes a decimal point or a decimal comma, with thousands grouped by the other sign', async () => {
    const res = await user.post('/api/configurations', {
      ...valid(),
      customItems: [
        item({ name: 'Comma', price: '12,50' }),
        item({ name: 'Point', price: '12.50' }),
        item({ name: 'Grouped', price: '1.234,50' }),
        item({ name: 'English', price: '1,234.50' }),
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.customItems.map((c: { price: number }) => c.price)).toEqual([12.5, 12.5, 1234.5, 1234.5]);
    // Entry at 500 units: setup 499.00 + the four one-time items 2,494.00
    expect(res.body.setupFees).toBe('2993.00');
  });
});

describe('updating with invalid input', () => {
  const storedRow = () => t.db.select().from(configurations).where(eq(configurations.id, existing.id)).get();

  it.each([
    [{ squareMeters: -5 }, 'Units must be a whole number from 0 to 10,000,000'],
    [{ packageId: 9999 }, 'Selected package not found'],
    [{ addOns: [999] }, 'Add-on 999 does not exist'],
    [{ contractDuration: 6 }, 'Contract duration must be 12, 24 or 36 months'],
    [{ name: '' }, 'Please enter a configuration name'],
  ] as [Record<string, unknown>, string][])('refuses %o with 400 and changes nothing', async (patch, message) => {
    const before = storedRow();
    const res = await user.patch(`/api/configurations/${existing.id}`, patch);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(storedRow()).toEqual(before);
  });
});

describe('malformed input', () => {
  it.each([
    { name: 'x', packageId: null },
    { name: 'x', packageId: 1, addOns: [{}] },
    { name: 'x', packageId: 1, addOns: [{ id: 1, waiveSetupFee: 'yes' }] },
    { name: 'x', packageId: 1, addOns: [null, [1]] },
    { name: 'x', packageId: 1, customItems: [null] },
    { name: 'x', packageId: 1, customItems: [{ id: {}, name: 'a', price: 1 }] },
    { name: 'x', packageId: 1e300 },
    { name: 'x', packageId: 1, discountIds: [1.5] },
    { name: 'x', packageId: 1, locations: Number.MAX_SAFE_INTEGER },
    { name: ['x'], packageId: 1 },
  ])('answers 400, never 500: %o', async (body) => {
    const before = rowCount();
    const res = await user.post('/api/configurations', body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(rowCount()).toBe(before);
  });
});
