// Activity tab (docs/PRODUCT.md "Audit trail"): the audit trail, newest first, filtered by who, what and when, 25 a page, CSV export.
import { Badge, Box, Button, Flex, Input, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LuDownload, LuHistory } from 'react-icons/lu';
import { OptionSelect } from '../../../components/OptionSelect';
import { formatAdminDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { EmptyBlock, QueryStates, Pager, SectionHeader } from '../shared/shell-ui';
import {
  ACTION_OPTIONS,
  actionLabel,
  ACTIVITY_PAGE_SIZE,
  csvUrl,
  ENTITY_OPTIONS,
  entryLines,
  initialFilters,
  setFilter,
  subjectOf,
  toQuery,
} from './activity-filters';
import { DataTable } from '../../../components/DataTable';
import type { NameLookup } from '../shared/change-words';

export function ActivityTab() {
  const [f, setF] = useState(initialFilters);
  const users = trpc.admin.users.list.useQuery();
  const list = trpc.admin.audit.list.useQuery(toQuery(f), { placeholderData: keepPreviousData, staleTime: 0 });
  // an entry names packages and categories by id: today's catalogue says what they are called
  const catalog = trpc.catalog.all.useQuery();
  const names = useMemo<NameLookup | undefined>(
    () =>
      catalog.data && {
        packages: new Map(catalog.data.packages.map((p) => [p.id, p.name])),
        categories: new Map(catalog.data.categories.map((c) => [c.id, c.name])),
      },
    [catalog.data],
  );

  return (
    <Box>
      <SectionHeader title="Activity" description="Every change to the catalogue, to accounts and to quotes: who, when, before and after." />
      <Flex gap="3" wrap="wrap" mb="4" align="flex-end">
        <Filter label="Who">
          <OptionSelect
            label="Who"
            value={f.userId}
            options={[{ value: '', label: 'Anyone' }, ...(users.data ?? []).map((u) => ({ value: String(u.id), label: u.username }))]}
            onChange={(v) => setF(setFilter(f, 'userId', v))}
          />
        </Filter>
        <Filter label="What">
          <OptionSelect label="What" value={f.entity} options={ENTITY_OPTIONS} onChange={(v) => setF(setFilter(f, 'entity', v))} />
        </Filter>
        <Filter label="Action">
          <OptionSelect label="Action" value={f.action} options={ACTION_OPTIONS} onChange={(v) => setF(setFilter(f, 'action', v))} />
        </Filter>
        <Filter label="From">
          <Input size="sm" type="date" aria-label="From" value={f.from} onChange={(e) => setF(setFilter(f, 'from', e.currentTarget.value))} />
        </Filter>
        <Filter label="To">
          <Input size="sm" type="date" aria-label="To" value={f.to} onChange={(e) => setF(setFilter(f, 'to', e.currentTarget.value))} />
        </Filter>
        <Button asChild size="sm" variant="outline">
          <a href={csvUrl(f)} download="audit.csv">
            <LuDownload /> Export CSV
          </a>
        </Button>
      </Flex>
      <QueryStates
        query={list}
        loading="Loading activity..."
        failure="Error loading activity"
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyBlock icon={<LuHistory />} title="No activity found" />}
      >
        {(d) => (
          <>
            <DataTable
              framed
              minW={{ md: '820px' }}
              data-testid="activity-table"
              head={
                <>
                  <Table.ColumnHeader>When</Table.ColumnHeader>
                  <Table.ColumnHeader>Who</Table.ColumnHeader>
                  <Table.ColumnHeader {...wideOnly}>What</Table.ColumnHeader>
                  <Table.ColumnHeader {...wideOnly}>Action</Table.ColumnHeader>
                  <Table.ColumnHeader {...wideOnly}>Change</Table.ColumnHeader>
                </>
              }
            >
              {d.items.map((e) => {
                const changes = <Changes lines={entryLines(e, names)} />;
                const action = (
                  <Badge variant="outline" size="sm">
                    {actionLabel(e.action)}
                  </Badge>
                );
                return (
                  <Table.Row key={e.id} verticalAlign="top" data-testid="activity-entry">
                    <Table.Cell whiteSpace={{ md: 'nowrap' }} fontVariantNumeric="tabular-nums">
                      {formatAdminDateTime(e.at)}
                    </Table.Cell>
                    <Table.Cell>
                      {e.actor}
                      {e.userId === null && CUSTOMER_ACTIONS.has(e.action) && (
                        <Badge ms="2" size="xs" colorPalette="green" variant="subtle">
                          customer
                        </Badge>
                      )}
                      {/* on a phone the entry reads down one column: what, the action, what changed */}
                      <Stack gap="1" mt="1.5" hideFrom="md" overflowWrap="anywhere">
                        <Text>{subjectOf(e, d.quoteNumbers)}</Text>
                        <Box>{action}</Box>
                        {changes}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell maxW="56" overflowWrap="anywhere" {...wideOnly}>
                      {subjectOf(e, d.quoteNumbers)}
                    </Table.Cell>
                    <Table.Cell {...wideOnly}>{action}</Table.Cell>
                    <Table.Cell maxW="96" overflowWrap="anywhere" {...wideOnly}>
                      {changes}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </DataTable>
            <Pager page={f.page} pageSize={ACTIVITY_PAGE_SIZE} total={d.total} onPage={(page) => setF({ ...f, page })} label="entries" />
          </>
        )}
      </QueryStates>
    </Box>
  );
}

function Filter({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="1" minW={{ base: 'calc(50% - 6px)', md: '40' }} flex={{ base: '1', md: '0 0 auto' }}>
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** What only a customer does; other entries without an account come from the server itself (an upgrade, a command, a reminder). */
const CUSTOMER_ACTIONS = new Set(['opened', 'accepted', 'declined']);

/** Columns that a phone shows inside the Who cell instead. */
const wideOnly = { display: { base: 'none', md: 'table-cell' } } as const;

function Changes({ lines }: { lines: string[] }) {
  if (lines.length === 0)
    return (
      <Text fontSize="xs" color="fg.muted">
        —
      </Text>
    );
  return (
    <Stack gap="0.5" fontSize="xs" color="fg.muted">
      {lines.slice(0, 6).map((c) => (
        <Text key={c}>{c}</Text>
      ))}
      {lines.length > 6 && <Text>… {lines.length - 6} more</Text>}
    </Stack>
  );
}
