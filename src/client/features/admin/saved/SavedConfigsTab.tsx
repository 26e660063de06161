// Saved Configs tab (docs/PRODUCT.md "The admin area"): every user's saved quotes, searched, sorted and paged (30) on the server;
// the name opens the details; Load and Delete.
import { Box, HStack, IconButton, Input, InputGroup, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import { LuCopy, LuFileText, LuSearch, LuSend, LuShare2 } from 'react-icons/lu';
import type { ConfigurationSort } from '../../../../shared/schemas/configuration';
import { QuoteNumberCell } from '../../../components/QuoteNumberCell';
import { StatusFilterSelect, useStatusFilter } from '../../../components/StatusFilterSelect';
import { useDuplicateQuote } from '../../../components/use-duplicate-quote';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadQuoteButton } from '../../../components/LoadQuoteButton';
import { Money } from '../../../components/Money';
import { SavedConfigCard } from '../../../components/SavedConfigCard';
import { useShareAndSend } from '../../../components/share/use-share-and-send';
import { canSend } from '../../../components/share/share-view';
import { SortSelect } from '../../../components/SortSelect';
import { notify } from '../../../components/toaster';
import { errorMessage } from '../../../lib/errors';
import { formatAdminDate } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { EmptyBlock, LoadingBlock, Pager, SectionHeader, SortButton, stickyActions } from '../shared/shell-ui';
import { ConfigurationDetailsDialog, type SavedConfiguration } from './ConfigurationDetailsDialog';
import { initialSavedTableState, savedTableReducer } from './saved-table-state';
import { DataTable } from '../../../components/DataTable';
import { RemoveIconButton } from '../../../components/RemoveIconButton';

/** Headers without sorting, in the sort buttons' type: the row of headers reads as one. */
const plainHeader = { fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' } as const;

const SEARCH_DEBOUNCE_MS = 250;

const numeric = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export function SavedConfigsTab() {
  const [state, dispatch] = useReducer(savedTableReducer, initialSavedTableState);
  const [searchText, setSearchText] = useState('');
  const [details, setDetails] = useState<SavedConfiguration | null>(null);
  const [deleting, setDeleting] = useState<SavedConfiguration | null>(null);
  const { share, send, dialogs: shareAndSend } = useShareAndSend();
  const { status, filterBy } = useStatusFilter(() => dispatch({ type: 'page', page: 1 }));
  const utils = trpc.useUtils();
  const { duplicate, pending: duplicating } = useDuplicateQuote();

  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: 'search', search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const list = trpc.configurations.list.useQuery(
    {
      scope: 'all',
      sort: state.sort,
      direction: state.direction,
      page: state.page,
      search: state.search || undefined,
      ...(status ? { status } : {}),
    },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  const data = list.data;

  // A delete that empties the last page: go back one.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && state.page > 1) dispatch({ type: 'page', page: state.page - 1 });
  }, [data, state.page]);

  const remove = trpc.configurations.delete.useMutation({
    onSuccess: async () => {
      notify('success', 'Configuration deleted');
      setDeleting(null);
      await utils.configurations.invalidate();
    },
    onError: (err) => notify('error', `Failed to delete configuration: ${errorMessage(err, 'Please try again.')}`),
  });

  const sortHeader = (column: ConfigurationSort, label: string, end = false) => {
    const active = state.sort === column;
    return (
      <Table.ColumnHeader
        textAlign={end ? 'end' : undefined}
        whiteSpace="nowrap"
        aria-sort={active ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <SortButton label={label} active={active} direction={state.direction} onClick={() => dispatch({ type: 'sort', column })} />
      </Table.ColumnHeader>
    );
  };

  return (
    <Box>
      <SectionHeader
        title="Saved Configurations"
        description="Quotes saved by every user. Search by name or quote number; click a name for its details."
        actions={
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w={{ base: 'full', sm: 'auto' }}>
            <StatusFilterSelect value={status} onChange={filterBy} />
            <InputGroup startElement={<LuSearch />} w={{ base: 'full', sm: '72' }}>
              <Input
                type="search"
                placeholder="Search configurations..."
                aria-label="Search configurations"
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
              />
            </InputGroup>
          </Stack>
        }
      />

      {list.isPending ? (
        <LoadingBlock label="Loading configurations..." />
      ) : list.isError ? (
        <Text color="fg.error" role="alert">
          Failed to load configurations: {errorMessage(list.error, 'Please try again.')}
        </Text>
      ) : data && data.total === 0 ? (
        <EmptyBlock
          icon={<LuFileText />}
          title={
            state.search ? 'No configurations found matching the search text' : status ? 'No quotes with this status' : 'No saved configurations yet'
          }
        />
      ) : (
        <>
          {/* On a phone: cards, with the sort as a select. */}
          <Stack gap="3" hideFrom="md" opacity={list.isPlaceholderData ? 0.6 : 1}>
            <SortSelect
              sort={state.sort}
              direction={state.direction}
              onChange={(column, direction) => dispatch({ type: 'sortTo', column, direction })}
            />
            {data?.items.map((c) => (
              <SavedConfigCard
                key={c.id}
                configuration={c}
                date={formatAdminDate(c.createdAt)}
                meta={<QuoteNumberCell quote={c} inline />}
                title={
                  <ChakraLink asChild color="blue.fg" fontWeight="semibold" textAlign="start" minW="0">
                    <button type="button" onClick={() => setDetails(c)}>
                      {c.name}
                    </button>
                  </ChakraLink>
                }
              >
                <LoadQuoteButton id={c.id} name={c.name} />
                {/* icons with their names, as on the user's own list: the four fit on one line of a phone */}
                <IconButton
                  size="xs"
                  variant="outline"
                  onClick={() => send(c)}
                  disabled={!canSend(c)}
                  aria-label={`Send ${c.name}`}
                  title="Send by email"
                >
                  <LuSend />
                </IconButton>
                <IconButton size="xs" variant="outline" onClick={() => share(c)} aria-label={`Share ${c.name}`} title="Share">
                  <LuShare2 />
                </IconButton>
                <IconButton
                  size="xs"
                  variant="outline"
                  onClick={() => void duplicate(c)}
                  loading={duplicating}
                  aria-label={`Duplicate ${c.name}`}
                  title="Duplicate"
                >
                  <LuCopy />
                </IconButton>
                <RemoveIconButton label={`Delete ${c.name}`} title="Delete" onClick={() => setDeleting(c)} />
              </SavedConfigCard>
            ))}
          </Stack>
          <DataTable
            framed
            interactive
            minW={{ base: '900px', lg: '0' }}
            // tighter cells below 1280 px: every column and the row actions fit a 1024 px window
            css={{ '& th, & td': { paddingInline: { base: '4px', xl: '8px' } } }}
            scrollProps={{ hideBelow: 'md', opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.15s' }}
            head={
              <>
                <Table.ColumnHeader {...plainHeader}>Quote</Table.ColumnHeader>
                {sortHeader('createdAt', 'Creation Date')}
                <Table.ColumnHeader {...plainHeader}>Name</Table.ColumnHeader>
                {sortHeader('packageName', 'Package')}
                {sortHeader('locations', 'Locations', true)}
                {sortHeader('contractDuration', 'Contract', true)}
                {sortHeader('tcv', 'TCV', true)}
                <Table.ColumnHeader {...plainHeader}>Created By</Table.ColumnHeader>
                <Table.ColumnHeader {...plainHeader} textAlign="end" {...stickyActions(true)}>
                  Actions
                </Table.ColumnHeader>
              </>
            }
          >
            {data?.items.map((c) => (
              <Table.Row key={c.id} data-testid="admin-saved-row">
                <Table.Cell>
                  <QuoteNumberCell quote={c} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {formatAdminDate(c.createdAt)}
                </Table.Cell>
                <Table.Cell maxW={{ base: '40', xl: '64' }}>
                  <ChakraLink asChild color="blue.fg" fontWeight="medium" textAlign="start" lineClamp={2}>
                    <button type="button" onClick={() => setDetails(c)}>
                      {c.name}
                    </button>
                  </ChakraLink>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{c.packageName}</Table.Cell>
                <Table.Cell {...numeric}>{c.locations}</Table.Cell>
                <Table.Cell {...numeric}>{c.contractDuration} months</Table.Cell>
                <Table.Cell {...numeric}>
                  <Money value={c.tcv} fontWeight="medium" />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{c.createdBy}</Table.Cell>
                <Table.Cell textAlign="end" {...stickyActions()}>
                  <HStack gap="1" justify="flex-end">
                    <LoadQuoteButton id={c.id} name={c.name} />
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={`Send ${c.name}`}
                      title="Send by email"
                      onClick={() => send(c)}
                      disabled={!canSend(c)}
                    >
                      <LuSend />
                    </IconButton>
                    <IconButton size="xs" variant="ghost" aria-label={`Share ${c.name}`} title="Share" onClick={() => share(c)}>
                      <LuShare2 />
                    </IconButton>
                    <IconButton size="xs" variant="ghost" aria-label={`Duplicate ${c.name}`} onClick={() => void duplicate(c)} disabled={duplicating}>
                      <LuCopy />
                    </IconButton>
                    <RemoveIconButton label={`Delete ${c.name}`} onClick={() => setDeleting(c)} />
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </DataTable>
          {data && (
            <Pager
              label="Saved configurations pages"
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => dispatch({ type: 'page', page })}
            />
          )}
        </>
      )}

      <ConfigurationDetailsDialog configuration={details} onClose={() => setDetails(null)} />
      {shareAndSend}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete "${deleting?.name ?? ''}"?`}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
