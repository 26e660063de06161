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
    // tight below 1280 px: the saved list shows all its columns and actions in a 1024 px window
    <Table.ColumnHeader aria-sort={sort} textAlign={numeric ? 'end' : 'start'} px={{ base: '0.5', xl: '1' }}>
      <Button
        variant="ghost"
        size="xs"
        px={{ base: '1', xl: '1.5' }}
        gap="0.5"
        // "Creation Date" takes two lines there rather than the width of its date
        whiteSpace={{ base: 'normal', xl: 'nowrap' }}
        h="auto"
        minH="8"
        py="1"
        lineHeight="shorter"
        textAlign={numeric ? 'end' : 'start'}
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
