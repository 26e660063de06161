// A saved quote's number with its status badge and validity, the same in both lists' rows and phone cards.
import { HStack, Stack, Text } from '@chakra-ui/react';
import type { QuoteStatus } from '../../shared/value-sets';
import { formatValidUntil } from './quote-status';
import { QuoteStatusBadge } from './QuoteStatusBadge';
import { linkIsBehind, viewsLine } from './share/share-view';

interface ListedQuote {
  number: string;
  status: QuoteStatus;
  expired: boolean;
  validUntil: string;
  /** Who accepted it through the share link, and which revision. */
  acceptance?: { name: string; revision: number } | null;
  revision: number;
  linkRevision: number | null;
  views: { count: number; lastAt: string | null };
}

/** The customer's side in a few words: how often they read it, and whether their link shows an older revision. */
function CustomerLine({ quote }: { quote: ListedQuote }) {
  const behind = linkIsBehind(quote);
  if (!behind && quote.linkRevision === null && quote.views.count === 0) return null;
  return (
    <Text as="span" fontSize="xs" color={behind ? 'orange.fg' : 'fg.muted'} data-testid="row-views">
      {behind ? `Link shows rev. ${quote.linkRevision} · ` : ''}
      {viewsLine(quote.views)}
    </Text>
  );
}

export function QuoteNumberCell({ quote, inline }: { quote: ListedQuote; inline?: boolean }) {
  const valid = quote.acceptance ? (
    <Text as="span" fontSize="xs" color="green.fg" overflowWrap="anywhere" data-testid="row-acceptance">
      Accepted by {quote.acceptance.name} · rev. {quote.acceptance.revision}
    </Text>
  ) : (
    // in a table below 1280 px the date may go under "Valid until": the row's actions need the width
    <Text as="span" fontSize="xs" color={quote.expired ? 'orange.fg' : 'fg.muted'} whiteSpace={inline ? 'nowrap' : { base: 'normal', xl: 'nowrap' }}>
      {quote.expired ? 'Expired' : 'Valid until'} {formatValidUntil(quote.validUntil)}
    </Text>
  );
  if (inline) {
    return (
      <HStack gap="2" wrap="wrap">
        <Text as="span" fontWeight="semibold" fontSize="sm" fontVariantNumeric="tabular-nums" data-testid="row-number">
          {quote.number}
        </Text>
        <QuoteStatusBadge quote={quote} />
        {valid}
        <CustomerLine quote={quote} />
      </HStack>
    );
  }
  return (
    <Stack gap="0.5">
      {/* the badge goes under the number when a narrow window needs the width for the row's actions */}
      <HStack gap="2" rowGap="0.5" wrap="wrap">
        <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="row-number">
          {quote.number}
        </Text>
        <QuoteStatusBadge quote={quote} />
      </HStack>
      {valid}
      <CustomerLine quote={quote} />
    </Stack>
  );
}
