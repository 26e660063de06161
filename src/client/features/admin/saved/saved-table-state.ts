// The Saved Configs table's state (docs/PRODUCT.md "The admin area"): default sort createdAt descending; a new column sorts ascending,
// the same column toggles; any change of sort or search goes back to page 1.
import type { ConfigurationSort } from '../../../../shared/schemas/configuration';

export type SortDirection = 'asc' | 'desc';

export interface SavedTableState {
  sort: ConfigurationSort;
  direction: SortDirection;
  page: number;
  search: string;
}

export const initialSavedTableState: SavedTableState = { sort: 'createdAt', direction: 'desc', page: 1, search: '' };

export type SavedTableAction =
  | { type: 'sort'; column: ConfigurationSort }
  /** The phone's sort select: a column and direction at once. */
  | { type: 'sortTo'; column: ConfigurationSort; direction: SortDirection }
  | { type: 'search'; search: string }
  | { type: 'page'; page: number };

export function savedTableReducer(state: SavedTableState, action: SavedTableAction): SavedTableState {
  switch (action.type) {
    case 'sort':
      if (action.column === state.sort) return { ...state, direction: state.direction === 'asc' ? 'desc' : 'asc', page: 1 };
      return { ...state, sort: action.column, direction: 'asc', page: 1 };
    case 'sortTo':
      return { ...state, sort: action.column, direction: action.direction, page: 1 };
    case 'search': {
      const search = action.search.trim();
      return search === state.search ? state : { ...state, search, page: 1 };
    }
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(action.page)) };
  }
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
