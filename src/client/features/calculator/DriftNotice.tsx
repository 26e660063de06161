// Price integrity on screen: a loaded quote shows its stored figures and says when today's catalogue prices it
// differently; once an input changes, the summary is today's pricing and says so.
import { Alert, Button, Flex, Text } from '@chakra-ui/react';
import { formatEuro } from '../../lib/format';

export function DriftNotice({
  drift,
  onReprice,
  pending,
  readOnly,
}: {
  drift: { from: string; to: string };
  onReprice: () => void;
  pending: boolean;
  readOnly: boolean;
}) {
  return (
    <Alert.Root status="warning" borderRadius="l3" data-testid="drift-notice">
      <Alert.Indicator />
      <Flex flex="1" gap="3" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} justify="space-between">
        <Alert.Content>
          <Alert.Title>Prices have changed since this quote was saved</Alert.Title>
          <Alert.Description>
            Monthly total{' '}
            <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
              {formatEuro(drift.from)} → {formatEuro(drift.to)}
            </Text>
            {readOnly ? '. An accepted quote keeps its prices; duplicate it to quote today’s.' : ' on today’s catalogue.'}
          </Alert.Description>
        </Alert.Content>
        {!readOnly && (
          <Button size="sm" colorPalette="blue" onClick={onReprice} loading={pending} flexShrink={0}>
            Re-price on today’s catalogue
          </Button>
        )}
      </Flex>
    </Alert.Root>
  );
}

/** After an input changed on a saved quote: the summary is priced on today's catalogue, until saved. */
export function RepricedNotice() {
  return (
    <Alert.Root status="info" borderRadius="l3" size="sm" data-testid="live-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>Inputs changed: the summary is priced on today’s catalogue. Save to keep these figures.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** A sent quote open in the calculator: what saving a change will do to it (quote-life sentQuoteNotice). */
export function SentQuoteNotice({ text }: { text: string }) {
  return (
    <Alert.Root status="warning" borderRadius="l3" size="sm" data-testid="sent-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
