import { describe, expect, it } from 'vitest';
import { exportFileName, summaryLines } from './import-summary';

const none = { created: [], updated: [], deleted: [], changes: [] };

describe('the import summary', () => {
  it('lists each change per list, in the catalogue order, and nothing for an unchanged list', () => {
    const lines = summaryLines({
      dryRun: true,
      packages: {
        created: [],
        updated: ['Entry'],
        deleted: [],
        changes: [{ name: 'Entry', fields: [{ field: 'basePrice', before: '499.00', after: '529.00' }] }],
      },
      categories: none,
      addOns: { created: ['SSO'], updated: [], deleted: ['Fax', 'Pager'], changes: [] },
      discounts: none,
    });
    expect(lines).toEqual([
      { list: 'Packages', kind: 'updated', names: ['Entry'], items: [{ name: 'Entry', lines: ['Base price: €499.00 → €529.00'] }] },
      { list: 'Add-ons', kind: 'created', names: ['SSO'] },
      { list: 'Add-ons', kind: 'deleted', names: ['Fax', 'Pager'] },
    ]);
    expect(summaryLines({ dryRun: true, packages: none, categories: none, addOns: none, discounts: none })).toEqual([]);
  });

  it('says what changes in each item, in the admin forms’ words: a tier’s price, a category, a rule’s value in its kind', () => {
    const file = {
      discounts: [
        { name: 'Welcome Credit', type: 'fixed' },
        { name: 'Loyalty', type: 'percentage' },
      ],
    };
    const lines = summaryLines(
      {
        dryRun: true,
        packages: {
          created: [],
          updated: ['Advanced'],
          deleted: [],
          changes: [
            {
              name: 'Advanced',
              fields: [
                { field: 'setupFee', before: '999.00', after: '0.00' },
                {
                  field: 'priceTiers',
                  before: [
                    { minSqm: 100, maxSqm: 324, pricePerSqm: '3.50' },
                    { minSqm: 325, maxSqm: null, pricePerSqm: '3.00' },
                  ],
                  after: [
                    { minSqm: 100, maxSqm: 324, pricePerSqm: '3.80' },
                    { minSqm: 325, maxSqm: null, pricePerSqm: '3.00' },
                  ],
                },
              ],
            },
          ],
        },
        categories: {
          created: [],
          updated: ['Security'],
          deleted: [],
          changes: [{ name: 'Security', fields: [{ field: 'allowsMultipleSelection', before: true, after: false }] }],
        },
        addOns: {
          created: [],
          updated: ['Audit Log'],
          deleted: [],
          changes: [
            {
              name: 'Audit Log',
              fields: [
                { field: 'category', before: 'Security', after: null },
                { field: 'availableForPackages', before: ['Ultimate'], after: ['Advanced', 'Ultimate'] },
              ],
            },
          ],
        },
        discounts: {
          created: [],
          updated: ['Welcome Credit', 'Loyalty'],
          deleted: [],
          changes: [
            { name: 'Welcome Credit', fields: [{ field: 'value', before: '50.00', after: '75.00' }] },
            {
              name: 'Loyalty',
              fields: [
                { field: 'type', before: 'free_months', after: 'percentage' },
                { field: 'value', before: '2.00', after: '10.00' },
                {
                  field: 'conditions',
                  before: [{ type: 'contractDuration', operator: '>=', value: 24 }],
                  after: [{ type: 'package', operator: 'in', value: ['Entry', 'Advanced'] }],
                },
              ],
            },
          ],
        },
      },
      file,
    );
    expect(lines.map((l) => l.items)).toEqual([
      [{ name: 'Advanced', lines: ['Setup fee: €999.00 → €0.00', 'Unit price tier 100 – 324 units: €3.50 → €3.80'] }],
      [{ name: 'Security', lines: ['Selection: Multiple selection → Single selection'] }],
      [{ name: 'Audit Log', lines: ['Category: Security → none', 'Available for packages: Ultimate → Advanced, Ultimate'] }],
      [
        { name: 'Welcome Credit', lines: ['Value: €50.00 → €75.00'] },
        {
          name: 'Loyalty',
          lines: [
            'Discount type: Free Months → Standard Percentage',
            'Value: 2 months → 10%',
            'Conditions: Contract Duration >= 24 → Package in Entry, Advanced',
          ],
        },
      ],
    ]);
  });

  it('names the export after the local calendar day', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('catalogue-2026-01-05.json');
  });
});
