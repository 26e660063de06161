// Above the calculator when a saved quote is open: its number, revision, status, customer and validity, the moves
// its status allows, History, Duplicate, Edit details, and whether its prices still hold (DriftNotice).
import { Alert, Box, Button, Card, Flex, HStack, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuChevronDown, LuCopy, LuHistory, LuPencil, LuSend, LuShare2 } from 'react-icons/lu';
import { useCustomerFirst } from '../../components/CustomerFirstDialog';
import { QuoteStatusBadge } from '../../components/QuoteStatusBadge';
import { AcceptanceEvidence } from '../../components/share/AcceptanceEvidence';
import { SendDialog } from '../../components/share/SendDialog';
import { ShareDialog } from '../../components/share/ShareDialog';
import { answerLine, canSend, linkBehindLine, linkIsBehind, viewsLine } from '../../components/share/share-view';
import { formatValidUntil, statusActions } from '../../components/quote-status';
import { notify } from '../../components/toaster';
import { useDuplicateQuote } from '../../components/use-duplicate-quote';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { QuoteStatus } from '../../../shared/value-sets';
import { DriftNotice, RepricedNotice, SentQuoteNotice } from './DriftNotice';
import { HistoryDialog } from './HistoryDialog';
import { driftOf, sentQuoteNotice, type Figures, type LoadedQuote } from './quote-life';
import { QuoteDetailsDialog } from './QuoteDetailsDialog';

export function QuoteLifePanel({
  quote,
  figures,
  readOnly,
  onRepriced,
}: {
  quote: LoadedQuote;
  figures: Figures;
  readOnly: boolean;
  onRepriced: () => void;
}) {
  const utils = trpc.useUtils();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [evidenceOpen, setEvidenceOpen] = useState(false);
  const [sendOpen, setSendOpen] = useState(false);
  const setStatus = trpc.configurations.setStatus.useMutation();
  const reprice = trpc.configurations.reprice.useMutation();
  const { duplicate, pending: duplicating } = useDuplicateQuote();
  const shareFirst = useCustomerFirst('share');
  const sendFirst = useCustomerFirst('send');
  const drift = driftOf(quote, figures);
  const sentNotice = readOnly ? null : sentQuoteNotice(quote, figures);
  const actions = statusActions(quote.status);

  const move = async (to: QuoteStatus, label: string) => {
    try {
      await setStatus.mutateAsync({ id: quote.id, status: to });
      notify('success', `${quote.number}: ${label.replace(/^Mark as /, 'marked ').replace(/^Back to draft$/, 'back to draft')}`);
      void utils.configurations.invalidate();
    } catch (err) {
      notify('error', 'Status not changed', errorMessage(err, 'The status could not be changed'));
    }
  };
  const runReprice = async () => {
    try {
      const q = await reprice.mutateAsync({ id: quote.id });
      onRepriced();
      notify('success', 'Quote re-priced on today’s catalogue', `${q.number} is now revision ${q.revision}`);
      void utils.configurations.invalidate();
    } catch (err) {
      notify('error', 'Re-pricing failed', errorMessage(err, 'The quote could not be re-priced'));
    }
  };
  const customer = [quote.customerCompany, quote.customerName, quote.customerEmail].filter((v) => v);
  const answer = answerLine(quote);

  return (
    <Stack gap="3">
      <Card.Root size="sm" data-testid="quote-life" data-html2canvas-ignore="true">
        <Card.Body>
          <Flex gap="3" justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
            <Stack gap="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="bold" fontSize="lg" data-testid="quote-number">
                  {quote.number}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  Revision {quote.revision}
                </Text>
                <QuoteStatusBadge quote={quote} />
                {readOnly && (
                  <Text fontSize="sm" color="fg.muted">
                    Read-only
                  </Text>
                )}
              </HStack>
              <Flex fontSize="sm" color="fg.muted" columnGap="3" rowGap="0.5" wrap="wrap">
                <Text overflowWrap="anywhere">{customer.length > 0 ? `Prepared for ${customer.join(' · ')}` : 'No customer yet'}</Text>
                <Text color={quote.expired ? 'orange.fg' : undefined} whiteSpace="nowrap" data-testid="valid-until">
                  {quote.expired ? 'Expired' : 'Valid until'} {formatValidUntil(quote.validUntil)}
                </Text>
                {(quote.linkRevision !== null || quote.views.count > 0) && (
                  <Text whiteSpace="nowrap" data-testid="quote-views">
                    {viewsLine(quote.views)}
                  </Text>
                )}
              </Flex>
              {answer && (
                <HStack gap="2" wrap="wrap">
                  <Text fontSize="sm" color={quote.acceptance ? 'green.fg' : 'red.fg'} overflowWrap="anywhere" data-testid="quote-answer">
                    {answer}
                  </Text>
                  {quote.acceptance && (
                    <Button
                      size="2xs"
                      variant="plain"
                      colorPalette="green"
                      textDecoration="underline"
                      px="0"
                      onClick={() => setEvidenceOpen((o) => !o)}
                      aria-expanded={evidenceOpen}
                    >
                      {evidenceOpen ? 'Hide evidence' : 'Show evidence'}
                    </Button>
                  )}
                </HStack>
              )}
            </Stack>
            <HStack gap="2" wrap="wrap" flexShrink={0}>
              {actions.length > 0 && (
                <Menu.Root>
                  <Menu.Trigger asChild>
                    <Button size="sm" variant="outline" loading={setStatus.isPending}>
                      Status <LuChevronDown />
                    </Button>
                  </Menu.Trigger>
                  <Portal>
                    <Menu.Positioner>
                      <Menu.Content>
                        {actions.map((a) => (
                          <Menu.Item
                            key={a.to}
                            value={a.to}
                            onClick={() => (a.to === 'sent' ? sendFirst.ask(quote, () => void move(a.to, a.label)) : void move(a.to, a.label))}
                          >
                            {a.label}
                          </Menu.Item>
                        ))}
                      </Menu.Content>
                    </Menu.Positioner>
                  </Portal>
                </Menu.Root>
              )}
              {canSend(quote) && (
                <Button size="sm" colorPalette="blue" onClick={() => setSendOpen(true)}>
                  <LuSend /> Send
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => shareFirst.ask(quote, () => setShareOpen(true))}>
                <LuShare2 /> Share
              </Button>
              <Button size="sm" variant="outline" onClick={() => setHistoryOpen(true)}>
                <LuHistory /> History
              </Button>
              <Button size="sm" variant="outline" onClick={() => void duplicate(quote)} loading={duplicating}>
                <LuCopy /> Duplicate
              </Button>
              {!readOnly && (
                <Button size="sm" variant="outline" onClick={() => setDetailsOpen(true)}>
                  <LuPencil /> Edit details
                </Button>
              )}
            </HStack>
          </Flex>
          {quote.acceptance && evidenceOpen && (
            <Box mt="3">
              <AcceptanceEvidence a={quote.acceptance} />
            </Box>
          )}
        </Card.Body>
      </Card.Root>
      {linkIsBehind(quote) && (
        <Alert.Root status="warning" borderRadius="l3" data-testid="link-behind" data-html2canvas-ignore="true">
          <Alert.Indicator />
          <Flex flex="1" gap="3" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} justify="space-between">
            <Alert.Content>
              <Alert.Title>{linkBehindLine(quote)}</Alert.Title>
              <Alert.Description>The customer can no longer accept or decline through it until you share the new revision.</Alert.Description>
            </Alert.Content>
            <Button size="sm" colorPalette="blue" onClick={() => setShareOpen(true)} flexShrink={0}>
              <LuShare2 /> Share revision {quote.revision}
            </Button>
          </Flex>
        </Alert.Root>
      )}
      {drift && <DriftNotice drift={drift} onReprice={() => void runReprice()} pending={reprice.isPending} readOnly={readOnly} />}
      {figures === 'live' && !readOnly && <RepricedNotice />}
      {sentNotice && <SentQuoteNotice text={sentNotice} />}
      <ShareDialog quote={shareOpen ? quote : null} onClose={() => setShareOpen(false)} />
      {shareFirst.dialog}
      {sendFirst.dialog}
      <SendDialog quote={sendOpen ? quote : null} onClose={() => setSendOpen(false)} />
      <HistoryDialog id={quote.id} number={quote.number} open={historyOpen} onClose={() => setHistoryOpen(false)} />
      {!readOnly && <QuoteDetailsDialog quote={quote} open={detailsOpen} onClose={() => setDetailsOpen(false)} />}
    </Stack>
  );
}
