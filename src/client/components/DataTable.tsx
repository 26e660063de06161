// The app's tables: a small table in a scroll area, its header row on the subtle background.
import { Table } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

/**
 * `head`: the column headers; `children`: the body rows. `framed` draws the rounded border the admin lists have;
 * `scrollProps` style the scroll area, every other prop goes to the table.
 */
export function DataTable({
  head,
  framed = false,
  scrollProps,
  children,
  ...table
}: Omit<ComponentProps<typeof Table.Root>, 'children'> & {
  head: ReactNode;
  framed?: boolean;
  scrollProps?: ComponentProps<typeof Table.ScrollArea>;
  children: ReactNode;
}) {
  return (
    <Table.ScrollArea {...(framed && { borderWidth: '1px', rounded: 'l2' })} {...scrollProps}>
      <Table.Root size="sm" {...table}>
        <Table.Header>
          <Table.Row bg="bg.subtle">{head}</Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
