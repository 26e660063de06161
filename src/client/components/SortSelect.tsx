// On a phone the saved-configuration lists (customer page and admin tab) are cards: their sort is one select of the
// same columns the table headers sort by, in both directions.
import type { ConfigurationSort } from '../../shared/schemas/configuration';
import { OptionSelect } from './OptionSelect';

const SORT_OPTIONS = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'packageName:asc', label: 'Package A–Z' },
  { value: 'packageName:desc', label: 'Package Z–A' },
  { value: 'locations:desc', label: 'Most locations' },
  { value: 'locations:asc', label: 'Fewest locations' },
  { value: 'contractDuration:desc', label: 'Longest contract' },
  { value: 'contractDuration:asc', label: 'Shortest contract' },
  { value: 'tcv:desc', label: 'Highest TCV' },
  { value: 'tcv:asc', label: 'Lowest TCV' },
] as const;
type SortValue = (typeof SORT_OPTIONS)[number]['value'];

export function SortSelect({
  sort,
  direction,
  onChange,
}: {
  sort: ConfigurationSort;
  direction: 'asc' | 'desc';
  onChange: (sort: ConfigurationSort, direction: 'asc' | 'desc') => void;
}) {
  return (
    <OptionSelect
      label="Sort by"
      value={`${sort}:${direction}` as SortValue}
      options={SORT_OPTIONS}
      onChange={(value) => {
        const [column, dir] = value.split(':') as [ConfigurationSort, 'asc' | 'desc'];
        onChange(column, dir);
      }}
    />
  );
}
