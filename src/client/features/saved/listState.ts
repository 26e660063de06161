// The saved-configurations table's query state (docs/PRODUCT.md "The calculator"): sorted and paged on the server. Default creation date
// descending; a new column sorts ascending, the same column toggles; sorting goes back to page 1.
import type { ConfigurationSort } from '../../../shared/schemas/configuration';

export type Direction = 'asc' | 'desc';

export interface ListState {
  sort: ConfigurationSort;
  direction: Direction;
  page: number;
}

export type ListAction =
  | { type: 'sort'; column: ConfigurationSort }
  /** The phone's sort select names the column and the direction at once. */
  | { type: 'sortTo'; column: ConfigurationSort; direction: Direction }
  | { type: 'page'; page: number }
  /** The page came back empty (e.g. its last row was deleted): step back to the last page there is. */
  | { type: 'clamp'; total: number; pageSize: number };

export const initialListState: ListState = { sort: 'createdAt', direction: 'desc', page: 1 };

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'sort':
      return state.sort === action.column
        ? { sort: state.sort, direction: state.direction === 'asc' ? 'desc' : 'asc', page: 1 }
        : { sort: action.column, direction: 'asc', page: 1 };
    case 'sortTo':
      return { sort: action.column, direction: action.direction, page: 1 };
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(action.page)) };
    case 'clamp': {
      const last = pageCount(action.total, action.pageSize);
      return state.page > last ? { ...state, page: last } : state;
    }
  }
}

/** aria-sort of a column header. */
export function ariaSort(state: ListState, column: ConfigurationSort): 'ascending' | 'descending' | 'none' {
  if (state.sort !== column) return 'none';
  return state.direction === 'asc' ? 'ascending' : 'descending';
}
