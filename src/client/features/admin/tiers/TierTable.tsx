// The read-only tier table of one kind: range, price per unit/user, monthly price at the tier's ends.
import { Table, Text } from '@chakra-ui/react';
import type { TierKind } from '../../../../shared/schemas/catalog-admin';
import { formatEuro } from '../../../lib/format';
import { monthlyAt, tierRangeLabel, TIER_WORDS, type TierView } from './tier-format';
import { DataTable } from '../../../components/DataTable';

/** The first and last columns line up with the card's heading. */
const EDGE_PADDING = {
  '& th:first-of-type, & td:first-of-type': { paddingInlineStart: '5' },
  '& th:last-of-type, & td:last-of-type': { paddingInlineEnd: '5' },
};

export function TierTable({ kind, tiers }: { kind: TierKind; tiers: readonly TierView[] }) {
  const w = TIER_WORDS[kind];
  return (
    <DataTable
      aria-label={`${w.One}-based price tiers`}
      css={EDGE_PADDING}
      head={
        <>
          <Table.ColumnHeader whiteSpace="nowrap">{w.One} Range</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
            Price Per {w.One}
          </Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
            Monthly Price for Min {w.Noun}
          </Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
            Monthly Price for Max {w.Noun}
          </Table.ColumnHeader>
        </>
      }
    >
      {tiers.map((t) => (
        <Table.Row key={t.id} data-testid="tier-row">
          <Table.Cell fontWeight="medium" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
            {tierRangeLabel(t.min, t.max, kind)}
          </Table.Cell>
          <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
            {formatEuro(t.price)}
          </Table.Cell>
          <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
            {monthlyAt(t.price, t.min)}
          </Table.Cell>
          <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
            {t.max === null ? (
              <Text as="span" color="fg.muted">
                No limit
              </Text>
            ) : (
              monthlyAt(t.price, t.max)
            )}
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
