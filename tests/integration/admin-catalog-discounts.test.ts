// Discount rules (docs/PRODUCT.md "The admin area"): defaults, the "required fields" rule, condition validation, and that a new
// rule prices the next quote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, nonAdmins, ADMIN, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

type Discount = {
  id: number;
  name: string;
  description: string;
  type: string;
  value: string;
  conditions: { id: number; type: string; operator: string; value: unknown }[];
};
const REQUIRED = 'Please fill in all required fields';
const plain = (d: Discount) => ({ ...d, conditions: d.conditions.map(({ type, operator, value }) => ({ type, operator, value })) });

async function discounts(): Promise<Discount[]> {
  return (await admin.get('/api/discounts')).body;
}

describe('access', () => {
  it('answers 401 anonymous and 403 non-admin, and changes nothing', async () => {
    const before = await discounts();
    for (const [c, status] of await nonAdmins(t)) {
      expect((await c.post('/api/discounts', { name: 'Free lunch', value: 100 })).status).toBe(status);
      expect((await c.patch('/api/discounts/1', { value: 100 })).status).toBe(status);
      expect((await c.delete('/api/discounts/1')).status).toBe(status);
    }
    expect(await discounts()).toEqual(before);
  });
});

describe('create', () => {
  it('applies the seed defaults: percentage, 10, contract duration at least 24 months', async () => {
    const res = await admin.post('/api/discounts', { name: 'Loyalty' });
    expect(res.status).toBe(201);
    expect(plain(res.body)).toEqual({
      id: res.body.id,
      name: 'Loyalty',
      description: '',
      type: 'percentage',
      value: '10.00',
      conditions: [{ type: 'contractDuration', operator: '>=', value: 24 }],
    });
    expect(typeof res.body.conditions[0].id).toBe('number');
    expect((await discounts()).at(-1)).toEqual(res.body);
  });

  it('takes the value as a string or a number and normalises condition values', async () => {
    const res = await admin.post('/api/discounts', {
      name: 'Big annual',
      description: 'For big sites paying yearly',
      type: 'fixed',
      value: '25.5',
      conditions: [
        { type: 'squareMeters', operator: '>', value: '1000' },
        { type: 'paymentFrequency', operator: '=', value: 'annual' },
        { type: 'package', operator: 'in', value: ['2', 3] },
        { type: 'pricingModel', operator: '=', value: 'sqm' },
        { type: 'units', operator: '<=', value: 90000 },
      ],
    });
    expect(res.status).toBe(201);
    expect(plain(res.body)).toMatchObject({
      type: 'fixed',
      value: '25.50',
      conditions: [
        { type: 'squareMeters', operator: '>', value: 1000 },
        { type: 'paymentFrequency', operator: '=', value: 'annually' },
        { type: 'package', operator: 'in', value: [2, 3] },
        { type: 'pricingModel', operator: '=', value: 'sqm' },
        { type: 'squareMeters', operator: '<=', value: 90000 },
      ],
    });
  });

  it.each([
    [{}, REQUIRED],
    [{ name: '' }, REQUIRED],
    [{ name: '   ', value: 10 }, REQUIRED],
    [{ name: 'Zero', value: 0 }, REQUIRED],
    [{ name: 'Blank value', value: '' }, REQUIRED],
    [{ name: 'Negative', value: '-5' }, REQUIRED],
    [{ name: 'No conditions', conditions: [] }, REQUIRED],
    [{ name: 'Words', value: 'ten' }, 'Discount value must be a number'],
    [{ name: 'Odd type', type: 'bogus' }, 'Please choose a discount type'],
    [{ name: 'Odd condition', conditions: [{ type: 'weather', operator: '=', value: 'sunny' }] }, 'Please choose a condition type'],
    [{ name: 'Fraction', conditions: [{ type: 'locations', operator: '>=', value: 2.5 }] }, 'Condition values must be whole numbers of 0 or more'],
    [{ name: 'Below zero', conditions: [{ type: 'userCount', operator: '>', value: -1 }] }, 'Condition values must be whole numbers of 0 or more'],
    [
      { name: 'In on numbers', conditions: [{ type: 'contractDuration', operator: 'in', value: [12, 24] }] },
      'The operator in cannot be used for contractDuration; use = or > or >= or < or <=',
    ],
    [
      { name: 'Frequency >', conditions: [{ type: 'paymentFrequency', operator: '>', value: 'monthly' }] },
      'The operator > cannot be used for paymentFrequency; use =',
    ],
    [
      { name: 'Frequency', conditions: [{ type: 'paymentFrequency', operator: '=', value: 'weekly' }] },
      'Payment frequency must be monthly, quarterly or annually',
    ],
    [{ name: 'Model', conditions: [{ type: 'pricingModel', operator: '=', value: 'seat' }] }, 'Pricing model must be sqm or user'],
    [{ name: 'No package', conditions: [{ type: 'package', operator: '=', value: null }] }, 'Please choose a package for this condition'],
    [{ name: 'Empty in', conditions: [{ type: 'package', operator: 'in', value: [] }] }, 'Please choose at least one package for this condition'],
    [{ name: 'Ghost package', conditions: [{ type: 'package', operator: 'in', value: [1, 99] }] }, 'Package 99 does not exist'],
  ])('refuses %j with 400 "%s" and creates nothing', async (body, message) => {
    const before = (await discounts()).length;
    const res = await admin.post('/api/discounts', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, error: message, code: 'BAD_REQUEST' });
    expect((await discounts()).length).toBe(before);
  });
});

describe('update and delete', () => {
  it('changes only the fields sent; conditions are replaced when sent', async () => {
    const created = (await admin.post('/api/discounts', { name: 'Editable', value: 5 })).body as Discount;
    const renamed = await admin.patch(`/api/discounts/${created.id}`, { name: 'Edited', value: '7.5' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created, name: 'Edited', value: '7.50' });

    const reconditioned = await admin.patch(`/api/discounts/${created.id}`, {
      conditions: [{ type: 'locations', operator: '>=', value: 3 }],
    });
    expect(reconditioned.status).toBe(200);
    expect(plain(reconditioned.body)).toMatchObject({
      name: 'Edited',
      type: 'percentage',
      conditions: [{ type: 'locations', operator: '>=', value: 3 }],
    });
    expect((await discounts()).find((d) => d.id === created.id)).toEqual(reconditioned.body);
  });

  it('refuses a blank name, a zero value or an empty condition list on update, and changes nothing', async () => {
    const before = (await discounts()).find((d) => d.id === 1);
    for (const body of [{ name: ' ' }, { value: 0 }, { conditions: [] }]) {
      const res = await admin.patch('/api/discounts/1', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(REQUIRED);
    }
    expect((await discounts()).find((d) => d.id === 1)).toEqual(before);
  });

  it('deletes with 204 and answers 404 for unknown ids', async () => {
    const created = (await admin.post('/api/discounts', { name: 'Temporary' })).body as Discount;
    expect((await admin.delete(`/api/discounts/${created.id}`)).status).toBe(204);
    expect((await discounts()).some((d) => d.id === created.id)).toBe(false);
    expect((await admin.delete(`/api/discounts/${created.id}`)).status).toBe(404);
    expect((await admin.patch('/api/discounts/9999', { name: 'Ghost' })).status).toBe(404);
  });

  it('works through the caller', async () => {
    const caller = t.callerAs(ADMIN.email);
    const d = await caller.admin.discounts.create({ name: 'Caller rule', type: 'free_months', value: 2 });
    expect(d).toMatchObject({ type: 'free_months', value: '2.00' });
    const updated = await caller.admin.discounts.update({ id: d.id, type: 'setup_fee_discount', value: '50' });
    expect(updated).toMatchObject({ type: 'setup_fee_discount', value: '50.00', name: 'Caller rule' });
    expect(await caller.admin.discounts.delete({ id: d.id })).toEqual({ id: d.id });
  });
});

describe('rules and quotes', () => {
  const form = { packageId: 1, pricingModel: 'sqm', squareMeters: 500, locations: 1, contractDuration: 12, paymentFrequency: 'monthly' };

  it('a new rule applies in the next quote when selected and its conditions hold', async () => {
    const base = (await admin.post('/api/quote', form)).body;
    // Entry, 500 m² at 3.00: 99 + 1500 = 1599.00 a month
    expect(base.total).toBe(1599);

    const rule = (
      await admin.post('/api/discounts', {
        name: 'Entry welcome',
        type: 'fixed',
        value: '40',
        conditions: [{ type: 'package', operator: '=', value: 1 }],
      })
    ).body as Discount;
    const discounted = (await admin.post('/api/quote', { ...form, selectedDiscountIds: [rule.id] })).body;
    expect(discounted.totalDiscounts).toBe(40);
    expect(discounted.total).toBe(1559);
    expect(discounted.discounts).toContainEqual(expect.objectContaining({ id: rule.id, name: 'Entry welcome', amount: 40 }));

    // a change of the rule shows at once too: now 10 % off
    await admin.patch(`/api/discounts/${rule.id}`, { type: 'percentage', value: 10 });
    expect((await admin.post('/api/quote', { ...form, selectedDiscountIds: [rule.id] })).body.total).toBe(1439.1);

    // and a condition that no longer holds stops it
    await admin.patch(`/api/discounts/${rule.id}`, { conditions: [{ type: 'package', operator: '=', value: 2 }] });
    expect((await admin.post('/api/quote', { ...form, selectedDiscountIds: [rule.id] })).body.total).toBe(1599);
  });
});
