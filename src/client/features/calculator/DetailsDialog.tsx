// "Detailed Price Breakdown": every line of the quote in seven sections.
import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';
import type { PackageDto } from '../../lib/catalog-types';
import { monthlyDiscounts, type QuoteResult } from '../../../shared/pricing';
import { formatCount, formatUnitPrice } from '../../lib/format';
import { Amount } from './PricingSummary';
import {
  addOnLines,
  basePriceLines,
  customItemDetailLines,
  durationInYears,
  euroCents,
  frequencyLabel,
  oneTimeLines,
  pricingModelLabel,
} from './summary-model';
import { ViewDialog } from './ViewDialog';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="l2" p="4">
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      <Stack gap="1.5" fontSize="sm">
        {children}
      </Stack>
    </Box>
  );
}

function Line({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap="3" fontWeight={strong ? 'semibold' : undefined}>
      <Text color={strong ? 'fg' : 'fg.muted'}>{label}</Text>
      <Box textAlign="end">{children}</Box>
    </Flex>
  );
}

const Empty = ({ text }: { text: string }) => <Text color="fg.muted">{text}</Text>;

export const DetailsDialog = memo(function DetailsDialog({
  open,
  onClose,
  quote: r,
  pkg,
}: {
  open: boolean;
  onClose: () => void;
  quote: QuoteResult | null;
  pkg: PackageDto | undefined;
}) {
  return (
    <ViewDialog open={open} onClose={onClose} title="Detailed Price Breakdown">
      {r && (
        <Stack gap="3">
          <Section title="Package Details">
            <Line label="Package">{r.packageName}</Line>
            {pkg?.description && <Line label="Description">{pkg.description}</Line>}
            <Line label="Base price per month">
              <Amount cents={r.basePrice} />
            </Line>
            <Line label="Setup fee">
              <Amount cents={r.packageSetupFee} />
            </Line>
          </Section>
          <Section title="Configuration Details">
            <Line label="Pricing model">{pricingModelLabel(r.form.pricingModel)}</Line>
            <Line label={r.form.pricingModel === 'sqm' ? 'Units' : 'Users'}>
              {formatCount(r.form.pricingModel === 'sqm' ? r.form.squareMeters : r.form.userCount)}
            </Line>
            <Line label="Locations">{formatCount(r.form.locations)}</Line>
            <Line label="Contract duration">
              {r.contractDuration} months ({durationInYears(r.contractDuration)})
            </Line>
            <Line label="Payment frequency">{frequencyLabel(r.form.paymentFrequency)}</Line>
          </Section>
          <Section title="Pricing Details">
            {basePriceLines(r, formatUnitPrice).map((l) => (
              <Line key={l.key} label={l.detail ? `${l.label} (${l.detail})` : l.label}>
                <Amount cents={l.amount} />
              </Line>
            ))}
            {r.form.pricingModel === 'sqm' && r.pricePerSqm4 !== r.originalPricePerSqm4 && (
              <Line label="Effective price per unit">{formatUnitPrice(r.pricePerSqm4 / 10000)}</Line>
            )}
            {r.form.pricingModel === 'user' && r.pricePerUser4 !== r.originalPricePerUser4 && (
              <Line label="Effective price per user">{formatUnitPrice(r.pricePerUser4 / 10000)}</Line>
            )}
            <Line label="Total base price" strong>
              <Amount cents={r.totalMonthlyBasePrice} />
            </Line>
          </Section>
          <Section title="Add-ons Details">
            {addOnLines(r).length === 0 && <Empty text="No add-ons selected" />}
            {addOnLines(r).map((l) => (
              <Line key={l.key} label={`${l.label} (monthly${l.detail ? `, ${l.detail}` : ''})`}>
                <Amount cents={l.amount} />
              </Line>
            ))}
            {oneTimeLines(r)
              .filter((l) => l.key.startsWith('addon_setup'))
              .map((l) => (
                <Line key={l.key} label={l.detail ? `${l.label} (${l.detail})` : l.label}>
                  {l.waived ? (
                    <>
                      <Text as="span" textDecoration="line-through" color="fg.subtle" me="1.5">
                        {euroCents(l.originalAmount ?? 0)}
                      </Text>
                      {euroCents(0)} (Waived)
                    </>
                  ) : (
                    <Amount cents={l.amount} />
                  )}
                </Line>
              ))}
            <Line label="Add-ons per month" strong>
              <Amount cents={r.addOnsFees} />
            </Line>
          </Section>
          <Section title="Custom Items Details">
            {customItemDetailLines(r).length === 0 && <Empty text="No custom items" />}
            {customItemDetailLines(r).map((l) => (
              <Line key={l.key} label={l.label}>
                <Amount cents={l.amount} />
              </Line>
            ))}
          </Section>
          <Section title="Discount Details">
            {r.discounts.length === 0 && <Empty text="No discounts applied" />}
            {monthlyDiscounts(r).map((d) => (
              <Line key={d.id} label={`${d.name} (monthly)`}>
                <Amount cents={d.amount} negative />
              </Line>
            ))}
            {r.discounts
              .filter((d) => d.type === 'setup_fee_discount')
              .map((d) => (
                <Line key={d.id} label={`${d.name} (one-time)`}>
                  <Amount cents={d.amount} negative />
                </Line>
              ))}
            {r.discounts
              .filter((d) => d.type === 'free_months')
              .map((d) => (
                <Line key={d.id} label={`${d.name} (${Math.round(d.value / 100)} free months)`}>
                  <Amount cents={d.amount} negative />
                </Line>
              ))}
            {r.discounts.length > 0 && (
              <Line label="Monthly discounts" strong>
                <Amount cents={r.totalDiscounts} negative />
              </Line>
            )}
          </Section>
          <Section title="Final Totals">
            <Line label="Monthly subtotal">
              <Amount cents={r.subtotal} />
            </Line>
            <Line label="Monthly Total" strong>
              <Amount cents={r.total} />
            </Line>
            <Line label="Yearly Total">
              <Amount cents={r.yearlyTotal} />
            </Line>
            <Line label="One-time Fees">
              <Amount cents={r.oneTimeCosts} />
            </Line>
            <Line label="Contract length">
              {r.paidMonths} paid months{r.freeMonths > 0 ? ` + ${r.freeMonths} free` : ''}
            </Line>
            <Line label="Total Contract Value" strong>
              <Amount cents={r.tcv} />
            </Line>
            <Text fontSize="xs" color="fg.muted">
              All prices in euro, excluding VAT
            </Text>
          </Section>
        </Stack>
      )}
    </ViewDialog>
  );
});
