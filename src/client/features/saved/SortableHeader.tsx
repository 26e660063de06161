import { Button, Table } from '@chakra-ui/react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import type { ConfigurationSort } from '../../../shared/schemas/configuration';
import { ariaSort, type ListState } from './listState';

/** A column header that sorts on the server; aria-sort tells a screen reader which column and which way. */
export function SortableHeader({
  label,
  column,
  state,
  onSort,
  numeric,
}: {
  label: string;
  column: ConfigurationSort;
  state: ListState;
  onSort: (column: ConfigurationSort) => void;
  numeric?: boolean;
}) {
  const sort = ariaSort(state, column);
  const Indicator = sort === 'ascending' ? LuArrowUp : sort === 'descending' ? LuArrowDown : LuArrowUpDown;
  return (
    <Table.ColumnHeader aria-sort={sort} textAlign={numeric ? 'end' : 'start'} px="1">
      <Button
        variant="ghost"
        size="xs"
        px="1.5"
        fontWeight="semibold"
        color={sort === 'none' ? 'fg.muted' : 'fg'}
        onClick={() => onSort(column)}
        flexDirection={numeric ? 'row-reverse' : 'row'}
      >
        {label}
        <Indicator aria-hidden style={{ opacity: sort === 'none' ? 0.45 : 1 }} />
      </Button>
    </Table.ColumnHeader>
  );
}
