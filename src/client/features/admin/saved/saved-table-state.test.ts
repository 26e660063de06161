import { describe, expect, it } from 'vitest';
import { initialSavedTableState, pageCount, savedTableReducer, type SavedTableState } from './saved-table-state';

describe('the saved configurations table state', () => {
  it('starts at createdAt descending, page 1, no search', () => {
    expect(initialSavedTableState).toEqual({ sort: 'createdAt', direction: 'desc', page: 1, search: '' });
  });

  it('a new column sorts ascending; the same column toggles', () => {
    let s: SavedTableState = savedTableReducer(initialSavedTableState, { type: 'sort', column: 'tcv' });
    expect([s.sort, s.direction]).toEqual(['tcv', 'asc']);
    s = savedTableReducer(s, { type: 'sort', column: 'tcv' });
    expect([s.sort, s.direction]).toEqual(['tcv', 'desc']);
    s = savedTableReducer(s, { type: 'sort', column: 'tcv' });
    expect(s.direction).toBe('asc');
    s = savedTableReducer(s, { type: 'sort', column: 'locations' });
    expect([s.sort, s.direction]).toEqual(['locations', 'asc']);
    // back to the default column: ascending, since it is a new column now
    s = savedTableReducer(s, { type: 'sort', column: 'createdAt' });
    expect([s.sort, s.direction]).toEqual(['createdAt', 'asc']);
  });

  it('clicking createdAt first toggles the default descending to ascending', () => {
    const s = savedTableReducer(initialSavedTableState, { type: 'sort', column: 'createdAt' });
    expect(s.direction).toBe('asc');
  });

  it('sorting and a new search go back to page 1; the same search keeps the page', () => {
    const onPage3 = savedTableReducer(initialSavedTableState, { type: 'page', page: 3 });
    expect(onPage3.page).toBe(3);
    expect(savedTableReducer(onPage3, { type: 'sort', column: 'packageName' }).page).toBe(1);
    const searched = savedTableReducer(onPage3, { type: 'search', search: '  acme ' });
    expect(searched).toMatchObject({ search: 'acme', page: 1 });
    const again = savedTableReducer({ ...searched, page: 2 }, { type: 'search', search: 'acme' });
    expect(again.page).toBe(2);
  });

  it("the phone's sort select sets column and direction at once, back to page 1", () => {
    const s = savedTableReducer({ ...initialSavedTableState, page: 4 }, { type: 'sortTo', column: 'tcv', direction: 'desc' });
    expect(s).toMatchObject({ sort: 'tcv', direction: 'desc', page: 1 });
  });

  it('never goes below page 1', () => {
    expect(savedTableReducer(initialSavedTableState, { type: 'page', page: 0 }).page).toBe(1);
  });

  it('counts pages of 30', () => {
    expect([pageCount(0, 30), pageCount(30, 30), pageCount(31, 30)]).toEqual([1, 1, 2]);
  });
});
