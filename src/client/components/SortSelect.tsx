// On a phone the saved-configuration lists (customer page and admin tab) are cards: their sort is one select of the
// same columns the table headers sort by, in both directions.
import { NativeSelect } from '@chakra-ui/react';
import type { ConfigurationSort } from '../../shared/schemas/configuration';

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
    <NativeSelect.Root size="sm">
      <NativeSelect.Field
        aria-label="Sort by"
        value={`${sort}:${direction}`}
        onChange={(e) => {
          const [column, dir] = e.currentTarget.value.split(':') as [ConfigurationSort, 'asc' | 'desc'];
          onChange(column, dir);
        }}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
