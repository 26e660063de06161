import { describe, expect, it } from 'vitest';
import { changedFields, csvUrl, initialFilters, setFilter, subjectOf, toQuery } from './activity-filters';

describe('activity filters', () => {
  it('a filter change goes back to page 1 and only set filters are sent', () => {
    const f = setFilter({ ...initialFilters, page: 4 }, 'entity', 'package');
    expect(f.page).toBe(1);
    expect(toQuery(f)).toEqual({ entity: 'package', page: 1, limit: 25 });
    expect(csvUrl({ ...f, from: '2026-03-01' })).toBe('/api/admin/audit.csv?entity=package&from=2026-03-01');
  });

  it('shows what changed between before and after', () => {
    expect(changedFields({ name: 'Advanced', basePrice: '49.00' }, { name: 'Advanced', basePrice: '59.00' })).toEqual(['basePrice: 49.00 → 59.00']);
    expect(changedFields(null, { name: 'x', tcv: '1.00' })).toEqual(['name: x', 'tcv: 1.00']);
    expect(subjectOf({ entity: 'quote', entityId: 7, before: null, after: { name: 'Ada', number: 'Q-000007' } })).toBe('quote #7 · Q-000007');
    expect(subjectOf({ entity: 'quote', entityId: 7, before: null, after: { name: 'Ada' } })).toBe('quote #7');
    expect(subjectOf({ entity: 'package', entityId: 2, before: null, after: { name: 'Advanced' } })).toBe('package #2 · Advanced');
  });
});
