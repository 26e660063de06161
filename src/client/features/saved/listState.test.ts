import { describe, expect, it } from 'vitest';
import { ariaSort, initialListState, listReducer, pageCount } from './listState';

describe('saved-configurations list state', () => {
  it('starts with creation date, newest first, on page 1', () => {
    expect(initialListState).toEqual({ sort: 'createdAt', direction: 'desc', page: 1 });
    expect(ariaSort(initialListState, 'createdAt')).toBe('descending');
    expect(ariaSort(initialListState, 'tcv')).toBe('none');
  });

  it('sorts a new column ascending and toggles the same column, going back to page 1', () => {
    const onPage2 = listReducer(initialListState, { type: 'page', page: 2 });
    const byTcv = listReducer(onPage2, { type: 'sort', column: 'tcv' });
    expect(byTcv).toEqual({ sort: 'tcv', direction: 'asc', page: 1 });
    const toggled = listReducer({ ...byTcv, page: 2 }, { type: 'sort', column: 'tcv' });
    expect(toggled).toEqual({ sort: 'tcv', direction: 'desc', page: 1 });
    expect(listReducer(toggled, { type: 'sort', column: 'tcv' }).direction).toBe('asc');
    // the default column toggles from descending to ascending
    expect(listReducer(initialListState, { type: 'sort', column: 'createdAt' })).toEqual({ sort: 'createdAt', direction: 'asc', page: 1 });
  });

  it('counts pages of 30 and steps back when the current page no longer exists', () => {
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(30, 30)).toBe(1);
    expect(pageCount(31, 30)).toBe(2);
    const onPage2 = listReducer(initialListState, { type: 'page', page: 2 });
    expect(listReducer(onPage2, { type: 'clamp', total: 30, pageSize: 30 }).page).toBe(1);
    expect(listReducer(onPage2, { type: 'clamp', total: 31, pageSize: 30 })).toBe(onPage2);
    expect(listReducer(initialListState, { type: 'page', page: 0 }).page).toBe(1);
  });
});

describe('the phone sort select', () => {
  it('sets the column and the direction at once and goes back to page 1', () => {
    const onPage3 = listReducer(initialListState, { type: 'page', page: 3 });
    expect(listReducer(onPage3, { type: 'sortTo', column: 'tcv', direction: 'desc' })).toEqual({ sort: 'tcv', direction: 'desc', page: 1 });
  });
});
