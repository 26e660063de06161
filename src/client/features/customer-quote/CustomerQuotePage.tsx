// /q/:token, the customer's page (docs/API.md "Share links"): no account, no app header. It reads like the document a company
// sends: seller, number and revision, who prepared it for whom, the lines and totals exactly as stored, validity and
// status, a PDF, and Accept / Decline. Printable: the actions are hidden in print (print stylesheet below).
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Link,
  Separator,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useReducer, type ReactNode } from 'react';
import { LuCheck, LuDownload, LuPrinter, LuX } from 'react-icons/lu';
import { quoteTitle, type SharedLine, type SharedQuoteView, type SharedSeller } from '../../../shared/schemas/share';
import { DefinitionList, DefinitionRow as Evidence } from '../../components/DefinitionRows';
import { Money } from '../../components/Money';
import { formatValidUntil } from '../../components/quote-status';
import { PAYMENT_FREQUENCY_ADVERBS } from '../../../shared/labels';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { formatAmsterdamTime, formatCount, formatEuro, formatUnitPrice } from '../../lib/format';
import { contractSentence, quantityTimesPrice, showsQuantity } from '../../../shared/quote-lines';
import { trpc } from '../../lib/trpc';
import { canSendAccept, customerQuoteReducer, initialState, statusLabel, statusPalette } from './customer-quote-state';

// Chakra's breakpoints are screen media queries: in print the phone layout would apply, so print sets its own.
const noPrint = { '@media print': { display: 'none !important' } } as const;
const printGrid = { '@media print': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } as const;
const printTotals = { '@media print': { maxWidth: '24rem' } } as const;

export function CustomerQuotePage({ token }: { token: string }) {
  const view = trpc.shared.view.useQuery({ token }, { retry: false });
  if (view.isPending) {
    return (
      <Shell>
        <Text color="fg.muted" textAlign="center" py="16" aria-busy="true">
          Loading quote…
        </Text>
      </Shell>
    );
  }
  if (view.isError || !view.data) {
    if (httpStatusOf(view.error) === 404) return <LinkNotValidPage />;
    return (
      <Shell>
        <Notice title="This quote could not be loaded">{errorMessage(view.error, 'Please try again in a moment.')}</Notice>
      </Shell>
    );
  }
  return (
    <Shell>
      <QuoteDocument token={token} v={view.data} />
    </Shell>
  );
}

/**
 * /q/ with no token, or with one that is unknown, revoked or expired: the customer is told in a sentence, under the
 * seller's name, what to do; nothing of the app (docs/PRODUCT.md "The customer's page").
 */
export function LinkNotValidPage() {
  const seller = trpc.shared.seller.useQuery(undefined, { retry: false, staleTime: Number.POSITIVE_INFINITY });
  return (
    <Shell>
      <Notice title="This link is not valid." seller={seller.data?.name}>
        Ask the sender for a new one.
      </Notice>
    </Shell>
  );
}

/** A short card in place of the quote: the seller's name when known, a heading and a sentence. */
function Notice({ title, seller, children }: { title: string; seller?: string; children: ReactNode }) {
  return (
    <Box
      bg="bg"
      borderWidth="1px"
      rounded="lg"
      p={{ base: '6', md: '10' }}
      textAlign="center"
      maxW="xl"
      mx="auto"
      mt={{ base: '6', md: '16' }}
      data-testid="customer-notice"
    >
      {seller && (
        <Text fontWeight="semibold" color="blue.fg" textStyle="sm" letterSpacing="wide" textTransform="uppercase" mb="3">
          {seller}
        </Text>
      )}
      <Heading as="h1" size="xl" mb="3">
        {title}
      </Heading>
      <Text color="fg.muted">{children}</Text>
    </Box>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <Box
      minH="100vh"
      bg="bg.subtle"
      py={{ base: '3', md: '10' }}
      px={{ base: '2', md: '6' }}
      css={{ '@media print': { background: 'white', padding: 0 } }}
    >
      <Box as="main" maxW="4xl" mx="auto">
        {children}
      </Box>
    </Box>
  );
}

function QuoteDocument({ token, v }: { token: string; v: SharedQuoteView }) {
  const monthly = v.lines.filter((l) => l.period === 'monthly');
  const oneTime = v.lines.filter((l) => l.period === 'one_time');
  const customer = [v.preparedFor.company, v.preparedFor.name, v.preparedFor.email].filter((x): x is string => Boolean(x));
  return (
    <Box
      as="article"
      bg="bg"
      borderWidth="1px"
      rounded="lg"
      shadow="sm"
      p={{ base: '4', md: '10' }}
      css={{ '@media print': { border: 'none', boxShadow: 'none', padding: 0 } }}
    >
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <Box minW="0">
          <Text fontWeight="semibold" color="blue.fg" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            {v.seller.name}
          </Text>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} mt="1">
            Quote {v.number}
          </Heading>
          <Text color="fg.muted" textStyle="sm" mt="1">
            {quoteTitle(v.packageName, v.preparedFor)} · Revision {v.revision}
          </Text>
        </Box>
        <Badge colorPalette={v.current ? statusPalette[v.status] : 'gray'} size="lg" variant="subtle" data-testid="quote-status">
          {v.current ? statusLabel[v.status] : 'Changed since sent'}
        </Badge>
      </Flex>

      {!v.current && (
        <Alert.Root status="info" mt="6" role="status" data-testid="quote-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{v.notice}</Alert.Title>
            <Alert.Description>Below are the figures you were sent on this link; they can no longer be accepted or declined.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" mt="6" textStyle="sm" css={printGrid}>
        <Info label="Your contact">
          {v.preparedBy.name}
          {v.preparedBy.email && (
            <>
              <br />
              <Link href={`mailto:${v.preparedBy.email}`} color="blue.fg">
                {v.preparedBy.email}
              </Link>
            </>
          )}
          <br />
          {v.seller.name}
        </Info>
        <Info label="Prepared for">{customer.length > 0 ? customer.map((c) => <div key={c}>{c}</div>) : '—'}</Info>
        <Info label="Valid until">
          {formatValidUntil(v.validUntil)}
          <br />
          {v.contractDuration} months{v.freeMonths > 0 ? ` + ${v.freeMonths} free` : ''}, billed {PAYMENT_FREQUENCY_ADVERBS[v.paymentFrequency]}
        </Info>
      </SimpleGrid>

      <Lines title="Monthly" lines={monthly} total={{ label: 'Monthly total', value: v.totalMonthly }} />
      {oneTime.length > 0 && <Lines title="One-time" lines={oneTime} total={{ label: 'One-time total', value: v.setupFees }} />}

      <Box mt="6" ms="auto" maxW={{ base: 'full', sm: 'sm' }} textStyle="sm" css={printTotals} data-testid="quote-totals">
        <Total label="Monthly total" value={v.totalMonthly} strong />
        <Total label="One-time total" value={v.setupFees} />
        <Separator my="2" />
        <Total label="Total contract value" value={v.tcv} strong />
        <Box color="fg.muted" textStyle="xs" textAlign="end" mt="1" data-testid="contract-sentence">
          {contractSentence({
            paidMonths: v.paidMonths,
            freeMonths: v.freeMonths,
            contractMonths: v.contractMonths,
            total: Number(v.totalMonthly),
            oneTimeCosts: Number(v.setupFees),
          }).map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </Box>
      </Box>

      <SellerDetails seller={v.seller} />
      {v.terms && <Terms seller={v.seller.name} terms={v.terms} />}

      <Answer token={token} v={v} />

      <HStack mt="8" gap="3" wrap="wrap" css={noPrint}>
        <Button asChild variant="outline" size="sm">
          <a href={`/api/shared/${encodeURIComponent(token)}/pdf`} download>
            <LuDownload /> Download PDF
          </a>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => window.print()}>
          <LuPrinter /> Print
        </Button>
      </HStack>
    </Box>
  );
}

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text color="fg.muted" textStyle="xs" textTransform="uppercase" letterSpacing="wide" mb="1">
        {label}
      </Text>
      <Box overflowWrap="anywhere">{children}</Box>
    </Box>
  );
}

/** The lines as the PDF prints them: a discount is an amount taken off, a waived fee shows what was waived. */
function Lines({ title, lines, total }: { title: string; lines: SharedLine[]; total: { label: string; value: string } }) {
  return (
    <Box mt="8">
      <Heading as="h2" size="sm" mb="2">
        {title}
      </Heading>
      <Table.Root size="sm" variant="line" css={{ tableLayout: 'fixed' }}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w={{ base: '60%', sm: '55%' }}>Item</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" hideBelow="sm">
              Qty
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" hideBelow="sm">
              Unit price
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((l, i) => (
            <LineRow key={`${l.label}-${i}`} l={l} />
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row fontWeight="semibold">
            <Table.Cell>{total.label}</Table.Cell>
            <Table.Cell hideBelow="sm" />
            <Table.Cell hideBelow="sm" />
            <Table.Cell textAlign="end">
              <Money value={total.value} />
            </Table.Cell>
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Box>
  );
}

function LineRow({ l }: { l: SharedLine }) {
  const quantity = showsQuantity(l.kind);
  const unitPrice = quantity ? (l.waived ? formatEuro(l.unitPrice) : formatUnitPrice(l.unitPrice)) : '';
  // an add-on or custom item of more than one says how it came to its amount, as the PDF does; on a phone the quantity
  // and unit price columns are hidden, so another line's quantity other than one is said under it there
  const times = quantityTimesPrice(l);
  const detail = [times, l.detail].filter((d) => d).join(' · ');
  const phoneTimes = !times && quantity && l.quantity !== 1 ? `${formatCount(l.quantity)} × ${unitPrice}` : undefined;
  return (
    <Table.Row data-testid="quote-line">
      <Table.Cell overflowWrap="anywhere">
        {l.label}
        {detail && (
          <Text color="fg.muted" textStyle="xs">
            {detail}
          </Text>
        )}
        {phoneTimes && (
          <Text hideFrom="sm" color="fg.muted" textStyle="xs" css={noPrint}>
            {phoneTimes}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end" hideBelow="sm">
        {quantity ? formatCount(l.quantity) : ''}
      </Table.Cell>
      <Table.Cell textAlign="end" hideBelow="sm" color={l.waived ? 'fg.muted' : undefined} textDecoration={l.waived ? 'line-through' : undefined}>
        {unitPrice}
      </Table.Cell>
      <Table.Cell
        textAlign="end"
        fontVariantNumeric="tabular-nums"
        whiteSpace="nowrap"
        color={l.waived || Number(l.amount) < 0 ? 'green.fg' : undefined}
      >
        {l.waived ? 'Waived' : formatEuro(l.amount)}
      </Table.Cell>
    </Table.Row>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" py="1" fontWeight={strong ? 'semibold' : 'normal'} textStyle={strong ? 'md' : 'sm'}>
      <Text>{label}</Text>
      <Money value={value} />
    </Flex>
  );
}

function Answer({ token, v }: { token: string; v: SharedQuoteView }) {
  const [s, dispatch] = useReducer(customerQuoteReducer, initialState);
  const utils = trpc.useUtils();
  const done = (data: SharedQuoteView) => {
    utils.shared.view.setData({ token }, data);
    dispatch({ type: 'answered' });
  };
  const accept = trpc.shared.accept.useMutation({ onSuccess: done });
  const decline = trpc.shared.decline.useMutation({ onSuccess: done });

  if (v.acceptance) return <AcceptedBlock a={v.acceptance} seller={v.seller.name} />;
  if (v.decline) {
    return (
      <Alert.Root status="info" mt="8" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Declined on {formatAmsterdamTime(v.decline.at)}</Alert.Title>
          {v.decline.reason && <Alert.Description>Reason: {v.decline.reason}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
    );
  }
  // A changed quote says so at the top of the page, before any figure is read.
  if (!v.current) return null;
  if (!v.canRespond) {
    return (
      <Alert.Root status="neutral" mt="8" role="status" data-testid="quote-notice" css={noPrint}>
        <Alert.Indicator />
        <Alert.Title>{v.notice}</Alert.Title>
      </Alert.Root>
    );
  }

  return (
    <Box mt="8" borderTopWidth="1px" pt="6" css={noPrint}>
      {s.panel === 'none' && (
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button colorPalette="green" onClick={() => dispatch({ type: 'open', panel: 'accept' })}>
            <LuCheck /> Accept quote
          </Button>
          <Button variant="outline" onClick={() => dispatch({ type: 'open', panel: 'decline' })}>
            <LuX /> Decline
          </Button>
        </Stack>
      )}
      {s.panel === 'accept' && (
        <ResponseForm
          title="Accept this quote"
          onSubmit={() => {
            if (canSendAccept(s)) accept.mutate({ token, name: s.name.trim(), email: s.email.trim(), consent: true });
          }}
          failure={accept.isError ? errorMessage(accept.error, 'The quote could not be accepted. Please try again.') : null}
          submit={{ label: 'Accept quote', colorPalette: 'green', disabled: !canSendAccept(s), pending: accept.isPending }}
          onCancel={() => dispatch({ type: 'open', panel: 'none' })}
        >
          <Field.Root required>
            <Field.Label>Your name</Field.Label>
            <Input value={s.name} autoComplete="name" onChange={(e) => dispatch({ type: 'field', field: 'name', value: e.target.value })} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Your email</Field.Label>
            <Input
              type="email"
              value={s.email}
              autoComplete="email"
              onChange={(e) => dispatch({ type: 'field', field: 'email', value: e.target.value })}
            />
          </Field.Root>
          <Checkbox.Root
            checked={s.confirmed}
            onCheckedChange={(e) => dispatch({ type: 'confirm', value: e.checked === true })}
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label fontWeight="normal">{v.statement}</Checkbox.Label>
          </Checkbox.Root>
        </ResponseForm>
      )}
      {s.panel === 'decline' && (
        <ResponseForm
          title="Decline this quote"
          onSubmit={() => decline.mutate({ token, reason: s.reason.trim() || null })}
          failure={decline.isError ? errorMessage(decline.error, 'The quote could not be declined. Please try again.') : null}
          submit={{ label: 'Decline quote', colorPalette: 'red', pending: decline.isPending }}
          onCancel={() => dispatch({ type: 'open', panel: 'none' })}
        >
          <Field.Root>
            <Field.Label>Reason (optional)</Field.Label>
            <Textarea rows={3} value={s.reason} onChange={(e) => dispatch({ type: 'field', field: 'reason', value: e.target.value })} />
          </Field.Root>
        </ResponseForm>
      )}
    </Box>
  );
}

/** The accept or decline form: its heading, the fields (`children`), the server's refusal, then the submit button and Cancel. */
function ResponseForm({
  title,
  onSubmit,
  failure,
  submit,
  onCancel,
  children,
}: {
  title: string;
  onSubmit: () => void;
  failure: string | null;
  submit: { label: string; colorPalette: string; disabled?: boolean; pending: boolean };
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      as="form"
      gap="4"
      maxW="lg"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
      {failure && (
        <Text color="fg.error" textStyle="sm" role="alert">
          {failure}
        </Text>
      )}
      <HStack gap="3">
        <Button type="submit" colorPalette={submit.colorPalette} disabled={submit.disabled} loading={submit.pending}>
          {submit.label}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

/** The acceptance as the customer's evidence: who, when, which revision, and the fingerprint of what was accepted. */
function AcceptedBlock({ a, seller }: { a: NonNullable<SharedQuoteView['acceptance']>; seller: string }) {
  return (
    <Box
      mt="8"
      borderWidth="1px"
      borderColor="green.muted"
      bg="green.subtle"
      rounded="md"
      p={{ base: '4', md: '5' }}
      role="status"
      data-testid="accepted-block"
    >
      <HStack gap="2" color="green.fg" mb="3">
        <LuCheck />
        <Heading as="h2" size="md" color="green.fg">
          Accepted
        </Heading>
      </HStack>
      <DefinitionList labelWidth="10rem">
        <Evidence label="Accepted by">
          {a.name} ({a.email})
        </Evidence>
        <Evidence label="Date and time">{formatAmsterdamTime(a.at)}</Evidence>
        <Evidence label="Revision">{a.revision}</Evidence>
        {a.fingerprint && (
          <Evidence label="Fingerprint (SHA-256)">
            <Text as="span" fontFamily="mono" textStyle="xs" overflowWrap="anywhere" data-testid="accepted-fingerprint">
              {a.fingerprint}
            </Text>
          </Evidence>
        )}
      </DefinitionList>
      <Text mt="3" textStyle="sm" color="fg.muted">
        Thank you. {seller} has been told and will be in touch. A copy has been sent to your email address.
      </Text>
    </Box>
  );
}

/** Who is selling: the address, contact details and VAT number, those the seller gave. */
function SellerDetails({ seller }: { seller: SharedSeller }) {
  const contact = [seller.email, seller.phone, seller.vatNumber && `VAT ${seller.vatNumber}`].filter((x): x is string => Boolean(x));
  if (!seller.address && contact.length === 0) return null;
  return (
    <Box mt="8" pt="4" borderTopWidth="1px" textStyle="xs" color="fg.muted" data-testid="seller-details">
      <Text fontWeight="semibold" color="fg">
        {seller.name}
      </Text>
      {seller.address && <Text whiteSpace="pre-line">{seller.address}</Text>}
      {contact.length > 0 && <Text>{contact.join(' · ')}</Text>}
    </Box>
  );
}

/** The seller's terms, read before Accept; the accepted statement refers to them. */
function Terms({ seller, terms }: { seller: string; terms: string }) {
  return (
    <Box mt="6" data-testid="quote-terms">
      <Heading as="h2" size="sm" mb="2">
        Terms of {seller}
      </Heading>
      <Box
        borderWidth="1px"
        rounded="md"
        p="3"
        maxH="16rem"
        overflowY="auto"
        textStyle="sm"
        whiteSpace="pre-line"
        bg="bg.subtle"
        tabIndex={0}
        aria-label={`Terms of ${seller}`}
        css={{ '@media print': { maxHeight: 'none', overflow: 'visible' } }}
      >
        {terms}
      </Box>
    </Box>
  );
}
