// The Pricing Summary panel: every figure comes from the engine's result (integer cents) through formatEuro.
import { Badge, Box, Button, Card, chakra, Flex, Heading, HStack, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { forwardRef, memo, useCallback, useId, useState, type ReactNode } from 'react';
import { LuCamera, LuCopy, LuFileDown, LuFileText, LuSave } from 'react-icons/lu';
import type { QuoteResult } from '../../../shared/pricing';
import { formatUnitPrice } from '../../lib/format';
import type { PaymentFrequency, PricingModel } from '../../../shared/value-sets';
import {
  addOnLines,
  basePriceLines,
  contractValueSentence,
  durationInYears,
  euroCents,
  freeMonthsSentence,
  frequencyLabel,
  oneTimeLines,
  discountGroups,
  pricingModelLabel,
  recurringCustomLines,
  type SummaryLine,
} from './summary-model';
import { DisclosureChevron, disclosureButton } from './disclosure';

// Typing re-renders the summary on every keystroke (docs/DECISIONS.md "Typing speed"): each row is a memoised
// component with plain props, so only the figures that changed render again; fixed labels are made once.

type AmountProps = { cents: number; negative?: boolean; 'data-testid'?: string; fontWeight?: string; fontSize?: string; color?: string };

export const Amount = memo(function Amount({ cents, negative, ...rest }: AmountProps) {
  return (
    <Text as="span" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" {...rest}>
      {negative && cents > 0 ? '−' : ''}
      {euroCents(cents)}
    </Text>
  );
});

function Row({ label, children, muted }: { label: ReactNode; children: ReactNode; muted?: boolean }) {
  return (
    <Flex justify="space-between" align="baseline" gap="3" fontSize="sm" color={muted ? 'fg.muted' : undefined}>
      <Box minW="0">{label}</Box>
      <Box flexShrink={0} textAlign="end">
        {children}
      </Box>
    </Flex>
  );
}

/** A label and its amount; `muted` for a breakdown line. */
const AmountRow = memo(function AmountRow({ label, muted, ...amount }: { label: string; muted?: boolean } & AmountProps) {
  return (
    <Row muted={muted} label={label}>
      <Amount {...amount} />
    </Row>
  );
});

/** The lines behind a row are rebuilt from every new result; they count as the same when what they show is. */
function sameLines(a: readonly SummaryLine[], b: readonly SummaryLine[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (l, i) =>
        l.key === b[i]!.key &&
        l.label === b[i]!.label &&
        l.detail === b[i]!.detail &&
        l.amount === b[i]!.amount &&
        l.waived === b[i]!.waived &&
        l.originalAmount === b[i]!.originalAmount,
    )
  );
}

function SubLine({ line, negative, color }: { line: SummaryLine; negative?: boolean; color?: string }) {
  return (
    <Row
      muted
      label={
        <>
          {line.label}
          {line.detail && (
            <Text as="span" color="fg.subtle">
              {' '}
              ({line.detail})
            </Text>
          )}
        </>
      }
    >
      <Amount cents={line.amount} negative={negative} color={color} />
    </Row>
  );
}

/** The disclosure button of an Expandable: it stays as it is while only the row's amount changes. */
const ExpandableToggle = memo(function ExpandableToggle({
  label,
  count,
  open,
  controls,
  onToggle,
}: {
  label: string;
  count?: number;
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <chakra.button
      type="button"
      display="inline-flex"
      alignItems="center"
      gap="1"
      color="fg"
      _hover={{ color: 'blue.fg' }}
      borderRadius="l1"
      {...disclosureButton}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {label}
      {count !== undefined && (
        <Badge size="xs" variant="subtle">
          {count}
        </Badge>
      )}
      <DisclosureChevron open={open} boxSize="3.5" color="fg.muted" />
    </chakra.button>
  );
});

/** A row whose breakdown (`lines`, or `empty` when there are none) opens below it: a plain disclosure button. */
const Expandable = memo(
  function Expandable({
    label,
    count,
    lines,
    empty,
    negativeLines,
    ...amount
  }: { label: string; count?: number; lines: readonly SummaryLine[]; empty?: string; negativeLines?: boolean } & AmountProps) {
    const [open, setOpen] = useState(false);
    const toggle = useCallback(() => setOpen((o) => !o), []);
    const id = useId();
    return (
      <Box>
        <Flex justify="space-between" align="baseline" gap="3" fontSize="sm">
          <ExpandableToggle label={label} count={count} open={open} controls={id} onToggle={toggle} />
          <Amount {...amount} />
        </Flex>
        {open && (
          <Stack id={id} gap="1" mt="1.5" ps="3" borderStartWidth="2px" borderColor="border.muted">
            {lines.length === 0 && empty ? (
              <Text fontSize="sm" color="fg.muted">
                {empty}
              </Text>
            ) : (
              lines.map((l) => <SubLine key={l.key} line={l} negative={negativeLines} />)
            )}
          </Stack>
        )}
      </Box>
    );
  },
  (a, b) => {
    const { lines: la, ...ra } = a;
    const { lines: lb, ...rb } = b;
    return sameLines(la, lb) && shallowEqual(ra, rb);
  },
);

function shallowEqual(a: object, b: object): boolean {
  const ka = Object.keys(a) as (keyof typeof a)[];
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]));
}

/** An indented list of breakdown lines that is always open (custom items, one-time fees and their discounts). */
const LineList = memo(
  function LineList({ lines, discounts = [] }: { lines: readonly SummaryLine[]; discounts?: readonly SummaryLine[] }) {
    return (
      <Stack gap="1" ps="3" borderStartWidth="2px" borderColor="border.muted">
        {lines.map((l) => (l.waived ? <WaivedLine key={l.key} line={l} /> : <SubLine key={l.key} line={l} />))}
        {discounts.map((d) => (
          <SubLine key={d.key} line={d} negative color="green.fg" />
        ))}
      </Stack>
    );
  },
  (a, b) => sameLines(a.lines, b.lines) && sameLines(a.discounts ?? [], b.discounts ?? []),
);

function WaivedLine({ line }: { line: SummaryLine }) {
  return (
    <Row muted label={line.label}>
      <HStack gap="1.5" justify="flex-end" data-testid="waived-fee">
        <Text as="span" textDecoration="line-through" color="fg.subtle">
          {euroCents(line.originalAmount ?? 0)}
        </Text>
        <Amount cents={0} color="fg" />
        <Text as="span" fontSize="xs" fontWeight="medium" color="green.fg">
          (Waived)
        </Text>
      </HStack>
    </Row>
  );
}

const DETAILS_HEADING = (
  <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.muted">
    Configuration Details
  </Text>
);
const SEPARATOR = <Separator />;
const MONTHLY_LABEL = <Text fontWeight="semibold">Monthly Total</Text>;
const YEARLY_LABEL = <Text color="fg.muted">Yearly Total</Text>;
const TCV_LABEL = (
  <Text fontWeight="semibold" color="blue.fg">
    Total Contract Value
  </Text>
);

/** The three totals and the contract sentence: they change together, and only when a figure does. */
const Totals = memo(function Totals({
  total,
  yearlyTotal,
  tcv,
  sentence,
  freeText,
}: {
  total: number;
  yearlyTotal: number;
  tcv: number;
  sentence: string;
  freeText: string | null;
}) {
  return (
    <>
      <Stack gap="1.5">
        <Flex justify="space-between" align="baseline">
          {MONTHLY_LABEL}
          <Amount cents={total} fontSize="xl" fontWeight="bold" data-testid="total-monthly" />
        </Flex>
        <Flex justify="space-between" align="baseline" fontSize="sm">
          {YEARLY_LABEL}
          <Amount cents={yearlyTotal} fontWeight="medium" data-testid="total-yearly" />
        </Flex>
      </Stack>
      <Box bg="blue.subtle" borderRadius="l2" px="4" py="3">
        <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
          {TCV_LABEL}
          <Amount cents={tcv} fontSize="2xl" fontWeight="bold" color="blue.fg" data-testid="total-tcv" />
        </Flex>
        <Text fontSize="xs" color="fg.muted" mt="1" data-testid="contract-sentence">
          {sentence}
        </Text>
        {freeText && (
          <Text fontSize="xs" color="green.fg" fontWeight="medium" mt="0.5" data-testid="free-months">
            {freeText}
          </Text>
        )}
      </Box>
    </>
  );
});

const Footnote = memo(function Footnote({ model, duration }: { model: string; duration: string }) {
  return (
    <Text fontSize="xs" color="fg.muted">
      <Text as="span" fontWeight="medium" color="fg" data-testid="summary-model">
        {model}
      </Text>
      {' · '}
      <Text as="span" fontWeight="medium" color="fg" data-testid="summary-duration">
        {duration}
      </Text>
      {' · '}All prices in euro, excluding VAT
    </Text>
  );
});

const OneTimeTotal = memo(function OneTimeTotal({ cents }: { cents: number }) {
  return (
    <Flex justify="space-between" align="baseline" fontSize="sm">
      <Text fontWeight="medium">One-time Fees</Text>
      <Amount cents={cents} fontWeight="medium" data-testid="total-one-time" />
    </Flex>
  );
});

const BasePackageRow = memo(function BasePackageRow({ name }: { name: string }) {
  return (
    <Row label="Base Package">
      <Text as="span" fontWeight="medium">
        {name}
      </Text>
    </Row>
  );
});

/** The blue header with the actions: its props rarely change, so typing does not re-render its buttons. */
const SummaryHeader = memo(function SummaryHeader({
  packageName,
  paymentFrequency,
  ready,
  pdfPending,
  capturing,
  onScreenshot,
  onDetails,
  onSave,
  onPdf,
  saveLabel,
}: Omit<PricingSummaryProps, 'quote' | 'pricingModel'> & { ready: boolean }) {
  return (
    <Box bg="blue.solid" color="white" px="5" py="4">
      <Flex justify="space-between" align="start" gap="3">
        <Stack gap="0.5" minW="0">
          <Text fontSize="xs" textTransform="uppercase" letterSpacing="wider">
            Pricing Summary
          </Text>
          <Heading as="h2" size="xl" id="summary-title" data-testid="summary-package">
            {packageName}
          </Heading>
        </Stack>
        <Badge variant="solid" bg="blue.800" color="white" size="md" data-testid="summary-frequency">
          {frequencyLabel(paymentFrequency)}
        </Badge>
      </Flex>
      <Stack gap="2" mt="3" data-html2canvas-ignore="true">
        <SimpleGrid columns={3} gap="2">
          <Button size="xs" variant="surface" colorPalette="gray" focusRingColor="white" onClick={onScreenshot} loading={capturing} disabled={!ready}>
            <LuCamera /> Screenshot
          </Button>
          <Button size="xs" variant="surface" colorPalette="gray" focusRingColor="white" onClick={onDetails} disabled={!ready}>
            <LuFileText /> Details
          </Button>
          <Button
            size="xs"
            variant="surface"
            colorPalette="gray"
            focusRingColor="white"
            onClick={onPdf}
            loading={pdfPending}
            disabled={!ready}
            aria-label="Download PDF"
          >
            <LuFileDown /> PDF
          </Button>
        </SimpleGrid>
        <Button
          size="sm"
          variant="solid"
          bg="white"
          color="blue.fg"
          _hover={{ bg: 'whiteAlpha.900' }}
          focusRingColor="white"
          onClick={onSave}
          w="full"
        >
          {saveLabel === undefined ? <LuSave /> : <LuCopy />} {saveLabel ?? 'Save'}
        </Button>
      </Stack>
    </Box>
  );
});

export interface PricingSummaryProps {
  quote: QuoteResult | null;
  packageName: string;
  paymentFrequency: PaymentFrequency;
  pricingModel: PricingModel;
  pdfPending: boolean;
  capturing: boolean;
  onScreenshot: () => void;
  onDetails: () => void;
  onSave: () => void;
  onPdf: () => void;
  /** Instead of "Save" (an accepted quote offers "Duplicate"). */
  saveLabel?: string;
}

export const PricingSummary = memo(
  forwardRef<HTMLDivElement, PricingSummaryProps>(function PricingSummary(
    { quote: r, packageName, paymentFrequency, pricingModel, pdfPending, capturing, onScreenshot, onDetails, onSave, onPdf, saveLabel },
    ref,
  ) {
    const discounts = r ? discountGroups(r) : { monthly: [], seller: [], oneTime: [], freeMonths: [] };
    const addOns = r ? addOnLines(r) : [];
    const customs = r ? recurringCustomLines(r) : [];
    const oneTime = r ? oneTimeLines(r) : [];
    const freeText = r ? freeMonthsSentence(r.freeMonths) : null;

    return (
      <Card.Root
        ref={ref}
        as="section"
        aria-labelledby="summary-title"
        shadow="md"
        borderColor="border"
        overflow="hidden"
        data-testid="pricing-summary"
      >
        <SummaryHeader
          packageName={packageName}
          paymentFrequency={paymentFrequency}
          ready={r !== null}
          pdfPending={pdfPending}
          capturing={capturing}
          onScreenshot={onScreenshot}
          onDetails={onDetails}
          onSave={onSave}
          onPdf={onPdf}
          saveLabel={saveLabel}
        />
        <Card.Body px="5" py="4">
          {!r ? (
            <Text color="fg.muted" fontSize="sm">
              The quote appears here as soon as it can be calculated.
            </Text>
          ) : (
            <Stack gap="3">
              {DETAILS_HEADING}
              <BasePackageRow name={r.packageName} />
              <Expandable label="Total Base Price" cents={r.totalMonthlyBasePrice} lines={basePriceLines(r, formatUnitPrice)} />
              <Expandable label="Add-ons" count={addOns.length} cents={r.addOnsFees} lines={addOns} empty="No add-ons selected" />
              <AmountRow label="Custom Items" cents={r.customRecurring} />
              {customs.length > 0 && <LineList lines={customs} />}
              <Expandable
                label="Discounts"
                count={discounts.monthly.length + discounts.seller.length}
                cents={r.totalDiscounts}
                negative
                color={r.totalDiscounts > 0 ? 'green.fg' : undefined}
                lines={discounts.monthly}
                negativeLines
                empty={discounts.seller.length > 0 ? 'No catalogue discounts applied' : 'No discounts applied'}
              />
              {discounts.seller.length > 0 && <LineList lines={[]} discounts={discounts.seller} />}
              {SEPARATOR}
              <OneTimeTotal cents={r.oneTimeCosts} />
              <LineList lines={oneTime} discounts={discounts.oneTime} />
              {SEPARATOR}
              <Totals
                total={r.total}
                yearlyTotal={r.yearlyTotal}
                tcv={r.tcv}
                sentence={contractValueSentence(r)}
                freeText={freeText && `${freeText} included (${discounts.freeMonths.map((d) => d.label).join(', ')})`}
              />
              <Footnote model={pricingModelLabel(pricingModel)} duration={durationInYears(r.contractDuration)} />
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    );
  }),
);
