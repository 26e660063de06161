// Pieces the dashboard shell and its Saved Configs / Users / Email Logs tabs share: the section heading, empty,
// loading and error blocks, a pager, and a sortable column header.
import { Box, Button, Center, EmptyState, Flex, Heading, HStack, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuChevronLeft, LuChevronRight } from 'react-icons/lu';

export function SectionHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} justify="space-between" direction={{ base: 'column', sm: 'row' }} mb="5">
      <Box minW="0">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" textStyle="sm" mt="1">
            {description}
          </Text>
        )}
      </Box>
      {actions && (
        <Flex gap="2" wrap="wrap" flexShrink={0}>
          {actions}
        </Flex>
      )}
    </Flex>
  );
}

export function EmptyBlock({ icon, title, description }: { icon?: ReactNode; title: string; description?: string }) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="l3" bg="bg.subtle" size="sm">
      <EmptyState.Content py="6">
        {icon && <EmptyState.Indicator>{icon}</EmptyState.Indicator>}
        <VStack textAlign="center" gap="1">
          <EmptyState.Title textStyle="md">{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function LoadingBlock({ label }: { label: string }) {
  return (
    <Center py="14" aria-busy="true">
      <Stack align="center" gap="3">
        <Spinner color="blue.solid" />
        <Text color="fg.muted" textStyle="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** "Showing 1–30 of 45" with Previous / Next. Hidden when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Flex as="nav" aria-label={label} mt="4" align="center" justify="space-between" gap="3" wrap="wrap">
      <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
        Showing {first}–{last} of {total}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <LuChevronLeft /> Previous
        </Button>
        <Text textStyle="sm" fontVariantNumeric="tabular-nums" aria-live="polite">
          Page {page} of {pages}
        </Text>
        <Button size="sm" variant="outline" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          Next <LuChevronRight />
        </Button>
      </HStack>
    </Flex>
  );
}

/** A column header button; aria-sort goes on the th by the caller. */
export function SortButton({
  label,
  active,
  direction,
  onClick,
}: {
  label: string;
  active: boolean;
  direction: 'asc' | 'desc';
  onClick: () => void;
}) {
  return (
    <Button variant="ghost" size="xs" mx="-2" px="2" fontWeight="semibold" color={active ? 'fg' : 'fg.muted'} onClick={onClick}>
      {/* named by its label alone, as the customer's sortable headers; the column's aria-sort tells the order */}
      {label}
      {active ? direction === 'asc' ? <LuArrowUp aria-hidden /> : <LuArrowDown aria-hidden /> : <LuArrowUpDown opacity={0.5} aria-hidden />}
    </Button>
  );
}

/** A label above a value, for details dialogs. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text textStyle="xs" color="fg.muted" fontWeight="medium" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box textStyle="sm" mt="0.5" overflowWrap="anywhere">
        {children}
      </Box>
    </Box>
  );
}

/**
 * The Actions column of a wide admin table stays at the right edge while the rest scrolls sideways, so on a phone
 * Edit and Delete are always in reach. `header`: on the header row's tint.
 */
export function stickyActions(header = false) {
  return {
    position: 'sticky',
    insetInlineEnd: '0',
    zIndex: '1',
    bg: header ? 'bg.subtle' : 'bg',
    boxShadow: '-8px 0 8px -8px rgba(0, 0, 0, 0.18)',
  } as const;
}

/**
 * A list query's states: loading, its failure in the server's words, empty, then `children` with the data. Every
 * admin list tab shows them alike.
 */
export function QueryStates<T>({
  query,
  loading,
  failure,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  loading: string;
  failure: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label={loading} />;
  if (query.isError || query.data === undefined) {
    return (
      <Text color="fg.error" role="alert">
        {failure}: {errorMessage(query.error, 'Please try again.')}
      </Text>
    );
  }
  return <>{isEmpty(query.data) ? empty : children(query.data)}</>;
}
