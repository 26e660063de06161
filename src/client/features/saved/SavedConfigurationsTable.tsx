// One page of the signed-in user's saved configurations, sorted and paged on the server (configurations.list).
import { Box, Button, ButtonGroup, Card, EmptyState, Flex, HStack, IconButton, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import { LuChevronLeft, LuChevronRight, LuCopy, LuFileDown, LuFolderOpen, LuPlus, LuSend, LuShare2 } from 'react-icons/lu';
import type { ConfigurationSort } from '../../../shared/schemas/configuration';
import { QuoteNumberCell } from '../../components/QuoteNumberCell';
import { StatusFilterSelect, useStatusFilter } from '../../components/StatusFilterSelect';
import { useDuplicateQuote } from '../../components/use-duplicate-quote';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadQuoteButton } from '../../components/LoadQuoteButton';
import { Money } from '../../components/Money';
import { SavedConfigCard } from '../../components/SavedConfigCard';
import { useShareAndSend } from '../../components/share/use-share-and-send';
import { canSend } from '../../components/share/share-view';
import { SortSelect } from '../../components/SortSelect';
import { notify } from '../../components/toaster';
import { errorMessage, UNAVAILABLE_MESSAGE } from '../../lib/errors';
import { RetryPanel } from '../../components/RetryPanel';
import { formatLocalDate } from '../../lib/format';
import { configurationPdfUrl } from '../../lib/pdf';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { initialListState, listReducer, pageCount } from './listState';
import { SortableHeader } from './SortableHeader';
import { DataTable } from '../../components/DataTable';
import { RemoveIconButton } from '../../components/RemoveIconButton';
import { EmptyCard } from './EmptyCard';

/** Cell padding: tight up to 1280 px, so every column and action fits a 1024 px window without sideways scroll. */
const cellPx = { base: '1.5', xl: '3' } as const;
/** Non-sortable headers look like the sortable ones (small, semibold, muted). */
const plainHeader = { fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', px: cellPx } as const;
/** The actions stay at the right edge if the table ever needs to scroll (a long word, a narrow tablet). */
const stickyEnd = { position: 'sticky', insetInlineEnd: '0', zIndex: '1', boxShadow: '-8px 0 8px -8px rgba(0, 0, 0, 0.18)' } as const;

type Row = RouterOutputs['configurations']['list']['items'][number];

export function SavedConfigurationsTable() {
  const [state, dispatch] = useReducer(listReducer, initialListState);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const { share, send, dialogs: shareAndSend } = useShareAndSend();
  const { status, filterBy } = useStatusFilter(() => dispatch({ type: 'page', page: 1 }));
  const utils = trpc.useUtils();
  const list = trpc.configurations.list.useQuery(
    { scope: 'mine', sort: state.sort, direction: state.direction, page: state.page, ...(status ? { status } : {}) },
    { placeholderData: keepPreviousData },
  );
  const remove = trpc.configurations.delete.useMutation({
    onSuccess: async () => {
      notify('success', 'Configuration deleted');
      setToDelete(null);
      await utils.configurations.invalidate();
    },
    onError: (err) => {
      notify('error', `Failed to delete configuration: ${errorMessage(err, UNAVAILABLE_MESSAGE)}`);
      setToDelete(null);
    },
  });

  const data = list.data;
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0) dispatch({ type: 'clamp', total: data.total, pageSize: data.pageSize });
  }, [data]);

  if (list.isPending) {
    return (
      <Flex justify="center" py="16">
        <Spinner size="lg" color="blue.solid" aria-label="Loading saved configurations" />
      </Flex>
    );
  }
  if (list.isError) {
    return (
      <RetryPanel
        title="Could not load your saved configurations"
        description={errorMessage(list.error, UNAVAILABLE_MESSAGE)}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (data && data.total === 0 && status !== '') {
    return (
      <Card.Root>
        <Flex p="3" borderBottomWidth="1px">
          <StatusFilterSelect value={status} onChange={filterBy} />
        </Flex>
        <EmptyState.Root py="12">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuFolderOpen />
            </EmptyState.Indicator>
            <EmptyState.Title>No quotes with this status</EmptyState.Title>
            <Button variant="outline" size="sm" onClick={() => filterBy('')}>
              Show all statuses
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Card.Root>
    );
  }
  if (!data || data.total === 0) {
    return (
      <EmptyCard
        py="16"
        icon={<LuFolderOpen />}
        title="No saved configurations"
        description="You haven't saved any pricing configurations yet"
        action={{
          href: '/',
          label: (
            <>
              <LuPlus aria-hidden /> Create a configuration
            </>
          ),
        }}
      />
    );
  }

  const pages = pageCount(data.total, data.pageSize);
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.items.length - 1;
  const sortProps = { state, onSort: (column: ConfigurationSort) => dispatch({ type: 'sort', column }) };

  return (
    <Card.Root overflow="hidden" minW="0">
      {/* On a phone: one card per quote, every action in reach, the sort as a select. */}
      <Stack gap="3" p="3" hideFrom="md" opacity={list.isPlaceholderData ? 0.6 : 1} aria-busy={list.isFetching}>
        <SortSelect sort={state.sort} direction={state.direction} onChange={(column, direction) => dispatch({ type: 'sortTo', column, direction })} />
        <StatusFilterSelect value={status} onChange={filterBy} />
        {data.items.map((c) => (
          <SavedConfigCard
            key={c.id}
            configuration={c}
            date={formatLocalDate(c.createdAt)}
            meta={<QuoteNumberCell quote={c} inline />}
            title={
              <Text fontWeight="semibold" minW="0" truncate title={c.name}>
                {c.name}
              </Text>
            }
            data-testid="saved-card"
          >
            <RowActions row={c} onDelete={() => setToDelete(c)} onShare={() => share(c)} onSend={() => send(c)} />
          </SavedConfigCard>
        ))}
      </Stack>
      <Flex hideBelow="md" px="4" py="3" borderBottomWidth="1px" justify="flex-end">
        <StatusFilterSelect value={status} onChange={filterBy} />
      </Flex>
      <DataTable
        interactive
        stickyHeader
        minW={{ base: '900px', lg: '0' }}
        opacity={list.isPlaceholderData ? 0.6 : 1}
        transition="opacity 0.15s"
        scrollProps={{ maxW: 'full', hideBelow: 'md', 'aria-busy': list.isFetching }}
        head={
          <>
            <Table.ColumnHeader {...plainHeader}>Quote</Table.ColumnHeader>
            <SortableHeader label="Creation Date" column="createdAt" {...sortProps} />
            <Table.ColumnHeader {...plainHeader}>Name</Table.ColumnHeader>
            <SortableHeader label="Package" column="packageName" {...sortProps} />
            <SortableHeader label="Locations" column="locations" numeric {...sortProps} />
            <SortableHeader label="Contract" column="contractDuration" numeric {...sortProps} />
            <SortableHeader label="TCV" column="tcv" numeric {...sortProps} />
            {/* the signed-in user's name (docs/PRODUCT.md "Saved quotes"); from 1024 px up, with the rest */}
            <Table.ColumnHeader {...plainHeader} hideBelow="lg">
              Created By
            </Table.ColumnHeader>
            <Table.ColumnHeader {...plainHeader} textAlign="end" {...stickyEnd} bg="bg.subtle">
              Actions
            </Table.ColumnHeader>
          </>
        }
      >
        {data.items.map((c) => (
          <Table.Row key={c.id} data-testid="saved-row">
            <Table.Cell px={cellPx}>
              <QuoteNumberCell quote={c} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" color="fg.muted" px={cellPx}>
              {formatLocalDate(c.createdAt)}
            </Table.Cell>
            <Table.Cell maxW={{ base: '32', xl: '48' }} px={cellPx}>
              <Text fontWeight="medium" truncate title={c.name}>
                {c.name}
              </Text>
              {c.customerCompany && (
                <Text fontSize="xs" color="fg.muted" truncate>
                  {c.customerCompany}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell px={cellPx}>{c.packageName}</Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" px={cellPx}>
              {c.locations}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums" px={cellPx}>
              {c.contractDuration} months
            </Table.Cell>
            <Table.Cell textAlign="end" fontWeight="semibold" px={cellPx}>
              <Money value={c.tcv} />
            </Table.Cell>
            <Table.Cell color="fg.muted" px={cellPx} hideBelow="lg" maxW={{ base: '28', xl: '40' }}>
              <Text truncate title={c.createdBy}>
                {c.createdBy}
              </Text>
            </Table.Cell>
            <Table.Cell textAlign="end" px={cellPx} {...stickyEnd} bg="bg">
              <HStack gap={{ base: '0.5', xl: '1' }} justify="flex-end">
                <RowActions row={c} onDelete={() => setToDelete(c)} onShare={() => share(c)} onSend={() => send(c)} />
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
      <Flex borderTopWidth="1px" px="4" py="3" align="center" justify="space-between" gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
        <Text fontVariantNumeric="tabular-nums">
          Showing {first}–{last} of {data.total}
        </Text>
        <HStack gap="3">
          <Text fontVariantNumeric="tabular-nums" aria-live="polite">
            Page {data.page} of {pages}
          </Text>
          <ButtonGroup size="sm" variant="outline" attached>
            <Button disabled={data.page <= 1} onClick={() => dispatch({ type: 'page', page: data.page - 1 })}>
              <LuChevronLeft aria-hidden /> Previous
            </Button>
            <Button disabled={data.page >= pages} onClick={() => dispatch({ type: 'page', page: data.page + 1 })}>
              Next <LuChevronRight aria-hidden />
            </Button>
          </ButtonGroup>
        </HStack>
      </Flex>
      {shareAndSend}
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? `Delete "${toDelete.name}"?` : 'Delete configuration?'}
        description="This action cannot be undone. The saved configuration will be permanently removed."
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onClose={() => setToDelete(null)}
      />
    </Card.Root>
  );
}

/** Load, PDF, Duplicate and Delete of one saved quote (table row and phone card). An accepted one only an admin deletes. */
function RowActions({ row, onDelete, onShare, onSend }: { row: Row; onDelete: () => void; onShare: () => void; onSend: () => void }) {
  const { duplicate, pending } = useDuplicateQuote();
  return (
    <>
      <LoadQuoteButton id={row.id} name={row.name} />
      <IconButton size="xs" variant="outline" onClick={onSend} disabled={!canSend(row)} aria-label={`Send ${row.name}`} title="Send by email">
        <LuSend />
      </IconButton>
      <IconButton size="xs" variant="outline" onClick={onShare} aria-label={`Share ${row.name}`} title="Share">
        <LuShare2 />
      </IconButton>
      <IconButton
        size="xs"
        variant="outline"
        onClick={() => void duplicate(row)}
        loading={pending}
        aria-label={`Duplicate ${row.name}`}
        title="Duplicate"
      >
        <LuCopy />
      </IconButton>
      <Button asChild size="xs" variant="outline" px={{ base: '0', xl: '2.5' }} minW="8">
        <a href={configurationPdfUrl(row.id)} download aria-label={`Download PDF of ${row.name}`} title="PDF">
          <LuFileDown aria-hidden />
          <Box as="span" hideBelow="xl">
            PDF
          </Box>
        </a>
      </Button>
      {row.status !== 'accepted' ? (
        <RemoveIconButton label={`Delete ${row.name}`} onClick={onDelete} />
      ) : (
        // keeps the buttons of every row in the same columns
        <Box w="8" flexShrink={0} aria-hidden />
      )}
    </>
  );
}
