// The Pricing Summary panel: every figure comes from the engine's result (integer cents) through formatEuro.
import { Badge, Box, Button, Card, chakra, Flex, Heading, HStack, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { forwardRef, memo, useId, useState, type ReactNode } from 'react';
import { LuCamera, LuCopy, LuFileDown, LuFileText, LuSave } from 'react-icons/lu';
import type { QuoteResult } from '../../../shared/pricing';
import { formatUnitPrice } from '../../lib/format';
import type { PaymentFrequency, PricingModel } from './calculator-state';
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

export function Amount({ cents, negative, ...rest }: { cents: number; negative?: boolean; 'data-testid'?: string; fontWeight?: string; fontSize?: string; color?: string }) {
  return (
    <Text as="span" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" {...rest}>
      {negative && cents > 0 ? '−' : ''}
      {euroCents(cents)}
    </Text>
  );
}

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

/** A row whose breakdown opens below it (a plain disclosure button: cheap to re-render on every keystroke). */
function Expandable({ label, amount, children, count }: { label: string; amount: ReactNode; children: ReactNode; count?: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box>
      <Flex justify="space-between" align="baseline" gap="3" fontSize="sm">
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
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {label}
          {count !== undefined && (
            <Badge size="xs" variant="subtle">
              {count}
            </Badge>
          )}
          <DisclosureChevron open={open} boxSize="3.5" color="fg.muted" />
        </chakra.button>
        {amount}
      </Flex>
      {open && (
        <Stack id={id} gap="1" mt="1.5" ps="3" borderStartWidth="2px" borderColor="border.muted">
          {children}
        </Stack>
      )}
    </Box>
  );
}

function SubLine({ line, negative }: { line: SummaryLine; negative?: boolean }) {
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
      <Amount cents={line.amount} negative={negative} />
    </Row>
  );
}

function OneTimeLine({ line }: { line: SummaryLine }) {
  return (
    <Row muted label={line.label}>
      {line.waived ? (
        <HStack gap="1.5" justify="flex-end" data-testid="waived-fee">
          <Text as="span" textDecoration="line-through" color="fg.subtle">
            {euroCents(line.originalAmount ?? 0)}
          </Text>
          <Amount cents={0} color="fg" />
          <Text as="span" fontSize="xs" fontWeight="medium" color="green.fg">
            (Waived)
          </Text>
        </HStack>
      ) : (
        <Amount cents={line.amount} />
      )}
    </Row>
  );
}

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
              <Button size="xs" variant="surface" colorPalette="gray" focusRingColor="white" onClick={onPdf} loading={pdfPending} disabled={!ready} aria-label="Download PDF">
                <LuFileDown /> PDF
              </Button>
            </SimpleGrid>
            <Button size="sm" variant="solid" bg="white" color="blue.fg" _hover={{ bg: 'whiteAlpha.900' }} focusRingColor="white" onClick={onSave} w="full">
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
    const discounts = r ? discountGroups(r) : { monthly: [], oneTime: [], freeMonths: [] };
    const addOns = r ? addOnLines(r) : [];
    const customs = r ? recurringCustomLines(r) : [];
    const oneTime = r ? oneTimeLines(r) : [];
    const freeText = r ? freeMonthsSentence(r.freeMonths) : null;

    return (
      <Card.Root ref={ref} as="section" aria-labelledby="summary-title" shadow="md" borderColor="border" overflow="hidden" data-testid="pricing-summary">
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
              <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.muted">
                Configuration Details
              </Text>
              <Row label="Base Package">
                <Text as="span" fontWeight="medium">
                  {r.packageName}
                </Text>
              </Row>
              <Expandable label="Total Base Price" amount={<Amount cents={r.totalMonthlyBasePrice} />}>
                {basePriceLines(r, formatUnitPrice).map((l) => (
                  <SubLine key={l.key} line={l} />
                ))}
              </Expandable>
              <Expandable label="Add-ons" count={addOns.length} amount={<Amount cents={r.addOnsFees} />}>
                {addOns.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    No add-ons selected
                  </Text>
                ) : (
                  addOns.map((l) => <SubLine key={l.key} line={l} />)
                )}
              </Expandable>
              <Row label="Custom Items">
                <Amount cents={r.customRecurring} />
              </Row>
              {customs.length > 0 && (
                <Stack gap="1" ps="3" borderStartWidth="2px" borderColor="border.muted">
                  {customs.map((l) => (
                    <SubLine key={l.key} line={l} />
                  ))}
                </Stack>
              )}
              <Expandable
                label="Discounts"
                count={discounts.monthly.length}
                amount={<Amount cents={r.totalDiscounts} negative color={r.totalDiscounts > 0 ? 'green.fg' : undefined} />}
              >
                {discounts.monthly.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    No discounts applied
                  </Text>
                ) : (
                  discounts.monthly.map((d) => (
                    <Row key={d.key} muted label={d.label}>
                      <Amount cents={d.amount} negative />
                    </Row>
                  ))
                )}
              </Expandable>

              <Separator />
              <Flex justify="space-between" align="baseline" fontSize="sm">
                <Text fontWeight="medium">One-time Fees</Text>
                <Amount cents={r.oneTimeCosts} fontWeight="medium" data-testid="total-one-time" />
              </Flex>
              <Stack gap="1" ps="3" borderStartWidth="2px" borderColor="border.muted">
                {oneTime.map((l) => (
                  <OneTimeLine key={l.key} line={l} />
                ))}
                {discounts.oneTime.map((d) => (
                  <Row key={d.key} muted label={d.label}>
                    <Amount cents={d.amount} negative color="green.fg" />
                  </Row>
                ))}
              </Stack>

              <Separator />
              <Stack gap="1.5">
                <Flex justify="space-between" align="baseline">
                  <Text fontWeight="semibold">Monthly Total</Text>
                  <Amount cents={r.total} fontSize="xl" fontWeight="bold" data-testid="total-monthly" />
                </Flex>
                <Flex justify="space-between" align="baseline" fontSize="sm">
                  <Text color="fg.muted">Yearly Total</Text>
                  <Amount cents={r.yearlyTotal} fontWeight="medium" data-testid="total-yearly" />
                </Flex>
              </Stack>
              <Box bg="blue.subtle" borderRadius="l2" px="4" py="3">
                <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
                  <Text fontWeight="semibold" color="blue.fg">
                    Total Contract Value
                  </Text>
                  <Amount cents={r.tcv} fontSize="2xl" fontWeight="bold" color="blue.fg" data-testid="total-tcv" />
                </Flex>
                <Text fontSize="xs" color="fg.muted" mt="1" data-testid="contract-sentence">
                  {contractValueSentence(r)}
                </Text>
                {freeText && (
                  <Text fontSize="xs" color="green.fg" fontWeight="medium" mt="0.5" data-testid="free-months">
                    {freeText} included ({discounts.freeMonths.map((d) => d.label).join(', ')})
                  </Text>
                )}
              </Box>
              <Text fontSize="xs" color="fg.muted">
                <Text as="span" fontWeight="medium" color="fg" data-testid="summary-model">
                  {pricingModelLabel(pricingModel)}
                </Text>
                {' · '}
                <Text as="span" fontWeight="medium" color="fg" data-testid="summary-duration">
                  {durationInYears(r.contractDuration)}
                </Text>
                {' · '}All prices in euro, excluding VAT
              </Text>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    );
  }),
);
