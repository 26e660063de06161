import { describe, expect, it } from 'vitest';
import { exportFileName, summaryLines } from './import-summary';

const none = { created: [], updated: [], deleted: [] };

describe('the import summary', () => {
  it('lists each change per list, in the catalogue order, and nothing for an unchanged list', () => {
    const lines = summaryLines({
      dryRun: true,
      packages: { created: [], updated: ['Entry'], deleted: [] },
      categories: none,
      addOns: { created: ['SSO'], updated: [], deleted: ['Fax', 'Pager'] },
      discounts: none,
    });
    expect(lines).toEqual([
      { list: 'Packages', kind: 'updated', names: ['Entry'] },
      { list: 'Add-ons', kind: 'created', names: ['SSO'] },
      { list: 'Add-ons', kind: 'deleted', names: ['Fax', 'Pager'] },
    ]);
    expect(summaryLines({ dryRun: true, packages: none, categories: none, addOns: none, discounts: none })).toEqual([]);
  });

  it('names the export after the local calendar day', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('catalogue-2026-01-05.json');
  });
});
