import { describe, expect, it } from 'vitest';
import { generateTiers } from '../../../../shared/pricing/generate-tiers';
import { tierCliffs, tierCliffText } from './tier-warnings';

describe('tiers where a bigger order costs less', () => {
  it("the generator's defaults: 999 units cost more than 1,000", () => {
    const tiers = generateTiers({ min: 100, max: 1000, priceAtMin: 300, priceAtMax: 100, count: 5 });
    const cliffs = tierCliffs(tiers);
    expect(cliffs.map((c) => tierCliffText(c, { one: 'unit', noun: 'units' }))).toEqual([
      '324 units cost €972.00 a month, more than 325 units (€812.50).',
      '549 units cost €1,372.50 a month, more than 550 units (€1,100.00).',
      '774 units cost €1,548.00 a month, more than 775 units (€1,162.50).',
      '999 units cost €1,498.50 a month, more than 1,000 units (€1,000.00).',
    ]);
  });

  it('says nothing when each tier costs at least what the one before did', () => {
    expect(
      tierCliffs([
        { min: 1, max: 99, price: 300 },
        { min: 100, max: null, price: 299 },
      ]),
    ).toEqual([]);
  });
});
