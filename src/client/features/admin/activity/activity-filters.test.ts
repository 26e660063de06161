import { describe, expect, it } from 'vitest';
import { actionLabel, changedFields, csvUrl, entryLines, initialFilters, setFilter, subjectOf, toQuery } from './activity-filters';

describe('activity filters', () => {
  it('a filter change goes back to page 1 and only set filters are sent', () => {
    const f = setFilter({ ...initialFilters, page: 4 }, 'entity', 'package');
    expect(f.page).toBe(1);
    expect(toQuery(f)).toEqual({ entity: 'package', page: 1, limit: 25 });
    expect(csvUrl({ ...f, from: '2026-03-01' })).toBe('/api/admin/audit.csv?entity=package&from=2026-03-01');
  });

  it('shows what changed between before and after, in words and euro', () => {
    expect(changedFields({ name: 'Advanced', basePrice: '49.00' }, { name: 'Advanced', basePrice: '59.00' })).toEqual([
      'Base price: €49.00 → €59.00',
    ]);
    expect(changedFields(null, { id: 3, name: 'x', tcv: '1.00', isAdmin: false })).toEqual(['Name: x', 'TCV: €1.00', 'Administrator: no']);
    expect(changedFields({ squareMeters: 100, pricingModel: 'sqm' }, { squareMeters: 120, pricingModel: 'user' })).toEqual([
      'Units: 100 → 120',
      'Pricing model: Unit-Based → User-Based',
    ]);
    // an add-on's unit in the admin form's words
    expect(changedFields({ unit: 'quote' }, { unit: 'item' })).toEqual(['Unit: Per quote → Per item']);
  });

  it('names a quote by its number and a catalogue item by its kind and name', () => {
    const numbers = { '2': 'Q-000002' };
    expect(subjectOf({ entity: 'quote', entityId: 2, action: 'shared', after: { revision: 1, replacedLink: false } }, numbers)).toBe('Q-000002');
    expect(subjectOf({ entity: 'quote', entityId: 7, action: 'created', before: null, after: { name: 'Ada', number: 'Q-000007' } })).toBe('Q-000007');
    expect(subjectOf({ entity: 'package', entityId: 2, action: 'update', before: null, after: { name: 'Advanced' } })).toBe('Package · Advanced');
  });

  it('tells quote events in sentences, never field names', () => {
    expect(entryLines({ entity: 'quote', entityId: 2, action: 'shared', after: { revision: 1, replacedLink: false } })).toEqual([
      'Link made for revision 1',
    ]);
    expect(entryLines({ entity: 'quote', entityId: 2, action: 'shared', after: { revision: 3, replacedLink: true } })).toEqual([
      'Link made for revision 3, replacing the earlier link',
    ]);
    expect(
      entryLines({
        entity: 'quote',
        entityId: 2,
        action: 'revised',
        before: { revision: 1, status: 'sent', totalMonthly: '2066.92', setupFees: '499.00', tcv: '74908.12' },
        after: { revision: 2, status: 'draft', totalMonthly: '2449.42', setupFees: '499.00', tcv: '88678.12' },
      }),
    ).toEqual([
      'Revision 1 → 2',
      'Monthly total: €2,066.92 → €2,449.42',
      'TCV: €74,908.12 → €88,678.12',
      'Back to draft: it had been sent, and the customer’s link shows the earlier revision',
    ]);
    expect(entryLines({ entity: 'quote', entityId: 2, action: 'status_changed', before: { status: 'draft' }, after: { status: 'sent' } })).toEqual([
      'Draft → Sent',
    ]);
    expect(
      entryLines({
        entity: 'quote',
        entityId: 2,
        action: 'declined',
        before: { status: 'sent' },
        after: { status: 'declined', reason: null, revision: 2 },
      }),
    ).toEqual(['Declined by the customer, revision 2']);
    expect(actionLabel('status_changed')).toBe('Status changed');
    expect(actionLabel('api_keys_revoked')).toBe('API keys revoked');
    expect(
      entryLines({ entity: 'user', entityId: 3, action: 'api_keys_revoked', after: { count: 2, prefixes: ['qc_abcdef', 'qc_ghijkl'] } }),
    ).toEqual(['Count: 2', 'Prefixes: 2 entries']);
  });

  it('tells a catalogue change field by field, before and after, in the admin forms’ words; rows written anew are no change', () => {
    const tiers = (p: string) => [
      { id: 7, packageId: 2, minSqm: 100, maxSqm: 324, pricePerSqm: p },
      { id: 8, packageId: 2, minSqm: 325, maxSqm: null, pricePerSqm: '3.00' },
    ];
    const pkg = {
      id: 2,
      name: 'Advanced',
      description: '',
      basePrice: '499.00',
      setupFee: '0.00',
      extraLocationPrice: '0.00',
      features: [{ id: 4, text: 'Reports', included: true }],
      priceTiers: tiers('3.50'),
      userPriceTiers: [],
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    // the package form writes its features again (new row ids): only the base price changed
    const edited = { ...pkg, basePrice: '529.00', features: [{ id: 9, text: 'Reports', included: true }] };
    expect(entryLines({ entity: 'package', entityId: 2, action: 'update', before: pkg, after: edited })).toEqual(['Base price: €499.00 → €529.00']);
    const retiered = { ...pkg, priceTiers: tiers('3.80').map((t, i) => ({ ...t, id: 20 + i })) };
    expect(entryLines({ entity: 'package', entityId: 2, action: 'update', before: pkg, after: retiered })).toEqual([
      'Unit price tier 100 – 324 units: €3.50 → €3.80',
    ]);

    const names = {
      packages: new Map([
        [1, 'Entry'],
        [2, 'Advanced'],
      ]),
      categories: new Map([[3, 'Security']]),
    };
    const addOn = { id: 5, name: 'Audit Log', description: '', categoryId: 3, setupFee: '0.00', monthlyFee: '19.00', availableForPackages: [2] };
    expect(
      entryLines(
        {
          entity: 'addon',
          entityId: 5,
          action: 'update',
          before: addOn,
          after: { ...addOn, categoryId: 4, monthlyFee: '21.00', availableForPackages: [1, 2] },
        },
        names,
      ),
    ).toEqual(['Category: Security → category #4 (deleted)', 'Monthly fee: €19.00 → €21.00', 'Available for packages: Advanced → Entry, Advanced']);

    const rule = {
      id: 3,
      name: 'Welcome Credit',
      description: '',
      type: 'fixed',
      value: '50.00',
      conditions: [{ id: 1, type: 'package', operator: 'in', value: [1, 2] }],
    };
    expect(
      entryLines(
        {
          entity: 'discount',
          entityId: 3,
          action: 'update',
          before: rule,
          after: { ...rule, value: '75.00', conditions: [{ id: 6, type: 'package', operator: 'in', value: [1, 2] }] },
        },
        names,
      ),
    ).toEqual(['Value: €50.00 → €75.00']);
    expect(
      entryLines({
        entity: 'category',
        entityId: 3,
        action: 'create',
        before: null,
        after: { id: 3, name: 'Security', icon: 'shield', allowsMultipleSelection: true },
      }),
    ).toEqual(['Name: Security', 'Icon: Security', 'Selection: Multiple selection']);
    // the upgrade that made names unique records the rename alone
    expect(entryLines({ entity: 'addon', entityId: 9, action: 'update', before: { name: 'sso' }, after: { name: 'sso (2)' } })).toEqual([
      'Name: sso → sso (2)',
    ]);
  });
});
