// One request cannot hold the event loop — a quote's lists and texts are bounded, on both doors,
// while every sane quote (50 add-ons, 100 custom items) is still priced with the engine's normalising rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_MAX_ADD_ONS, QUOTE_MAX_CUSTOM_ITEMS, QUOTE_MAX_DISCOUNTS } from '../../src/shared/schemas/quote';
import { trpcCall } from '../support/trpc-http';
import { appWithUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;
beforeAll(async () => ({ t, user } = await appWithUser()));
afterAll(() => t.close());

const item = (i: number, name = `Item ${i}`, description = '') => ({ id: `c${i}`, name, description, price: 1, isOneTime: i % 2 === 0 });

async function bothDoors(input: unknown) {
  const rest = await user.post('/api/quote', input);
  const trpc = await trpcCall(user, 'mutation', 'quote.calculate', input);
  return { rest, trpc };
}

describe('quote size limits', () => {
  it('are 200 add-ons, 200 custom items and 200 discount ids', () => {
    expect([QUOTE_MAX_ADD_ONS, QUOTE_MAX_CUSTOM_ITEMS, QUOTE_MAX_DISCOUNTS]).toEqual([200, 200, 200]);
  });

  it('price the largest sane quote (50 add-ons, 100 custom items) as before, repeats and unknown ids dropped', async () => {
    const input = {
      packageId: 1,
      squareMeters: 500,
      addOns: Array.from({ length: 50 }, (_, i) => (i % 5) + 1),
      customItems: Array.from({ length: 100 }, (_, i) => item(i)),
      selectedDiscountIds: Array.from({ length: 50 }, (_, i) => i + 1000),
    };
    const { rest, trpc } = await bothDoors(input);
    expect(rest.status).toBe(200);
    expect(trpc.status).toBe(200);
    expect(rest.body.customItems).toHaveLength(100);
    expect(rest.body.discounts).toEqual([]);
    expect(trpc.body.result.data.total).toBe(rest.body.total);
  });

  it.each([
    ['201 add-ons', { addOns: Array.from({ length: 201 }, () => 1) }, 'A quote can have at most 200 add-ons'],
    ['201 custom items', { customItems: Array.from({ length: 201 }, (_, i) => item(i)) }, 'A quote can have at most 200 custom items'],
    ['201 discount ids', { selectedDiscountIds: Array.from({ length: 201 }, (_, i) => i) }, 'A quote can have at most 200 discounts'],
    ['a 201-character item name', { customItems: [item(1, 'n'.repeat(201))] }, 'Custom item names must be at most 200 characters'],
    [
      'a 1,001-character item description',
      { customItems: [item(1, 'x', 'd'.repeat(1001))] },
      'Custom item descriptions must be at most 1000 characters',
    ],
  ])('refuse %s with a clear 400 on both doors', async (_name, extra, message) => {
    const { rest, trpc } = await bothDoors({ packageId: 1, ...extra });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(message);
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe(message);
  });

  it('bound the answer: the largest allowed quote answers well under 1 MiB (its time: npm run bench:quote)', async () => {
    const input = {
      packageId: 1,
      customItems: Array.from({ length: 200 }, (_, i) => item(i, 'n'.repeat(200), 'd'.repeat(1000))),
      addOns: Array.from({ length: 200 }, (_, i) => i),
      selectedDiscountIds: Array.from({ length: 200 }, (_, i) => i),
    };
    const res = await user.post('/api/quote', input);
    expect(res.status).toBe(200);
    expect(res.text.length).toBeLessThan(1024 * 1024);
  });

  it('refuse the 0.9 MB quote that answered 7 MiB', async () => {
    const input = { packageId: 1, customItems: Array.from({ length: 7500 }, (_, i) => item(i, `Item ${i} ${'x'.repeat(60)}`)) };
    const res = await user.post('/api/quote', input);
    expect(res.status).toBe(400);
    expect(res.text.length).toBeLessThan(10_000);
  });
});
