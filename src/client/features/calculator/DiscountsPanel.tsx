// "Available Discounts": collapsed at first, the header toggles it. A discount that does not apply to the quote right
// now is disabled (and dropped from the selection by the state); unit / user percentages only under their model. The
// seller's own discount follows the catalogue's (SellerDiscountSection).
import { Badge, Card, Collapsible, Flex, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { memo, useState, type Dispatch } from 'react';
import { LuBadgePercent } from 'react-icons/lu';
import type { DiscountDto } from '../../lib/catalog-types';
import type { PricingModel } from '../../../shared/value-sets';
import type { CalculatorAction, SellerDiscount } from './calculator-state';
import { SellerDiscountSection } from './SellerDiscountSection';
import { OptionCheckbox, OptionFrame } from './OptionFrame';
import { discountValueSummary } from './summary-model';
import { DisclosureChevron, disclosureButton } from './disclosure';

export interface DiscountsPanelProps {
  discounts: DiscountDto[];
  /** ids, joined: a stable prop while eligibility does not change */
  eligibleKey: string;
  selectedIds: number[];
  pricingModel: PricingModel;
  /** What applies to the quote on screen, counted as the summary counts it (summary-model appliedDiscountsText). */
  appliedText: string | null;
  sellerDiscount: SellerDiscount | null;
  dispatch: Dispatch<CalculatorAction>;
}

function disabledReason(d: DiscountDto, eligible: boolean, model: PricingModel): string | null {
  if (d.type === 'user_percentage' && model !== 'user') return 'Applies to user-based pricing only';
  if (d.type === 'sqm_percentage' && model !== 'sqm') return 'Applies to unit-based pricing only';
  if (!eligible) return 'Conditions not met for this quote';
  return null;
}

export const DiscountsPanel = memo(function DiscountsPanel({
  discounts,
  eligibleKey,
  selectedIds,
  pricingModel,
  appliedText,
  sellerDiscount,
  dispatch,
}: DiscountsPanelProps) {
  const [open, setOpen] = useState(false);
  const eligible = new Set(eligibleKey === '' ? [] : eligibleKey.split(',').map(Number));
  const count = selectedIds.length;
  return (
    <Card.Root as="section">
      <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
        <Collapsible.Trigger asChild>
          <Flex
            as="button"
            w="full"
            justify="space-between"
            align="center"
            px={{ base: '4', md: '6' }}
            py="4"
            textAlign="start"
            borderRadius="l3"
            _hover={{ bg: 'bg.subtle' }}
            {...disclosureButton}
          >
            <HStack gap="3">
              <Flex boxSize="9" align="center" justify="center" borderRadius="full" bg="green.subtle" color="green.fg">
                <Icon as={LuBadgePercent} boxSize="5" />
              </Flex>
              <Stack gap="0">
                <Heading as="h2" size="lg">
                  Available Discounts
                </Heading>
                <Text fontSize="sm" color="fg.muted" fontWeight="normal" data-testid="discounts-applied">
                  {appliedText ?? (count === 0 ? `${eligible.size} of ${discounts.length} apply to this quote` : `${count} selected`)}
                </Text>
              </Stack>
            </HStack>
            <DisclosureChevron open={open} boxSize="5" />
          </Flex>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Stack gap="2" px={{ base: '4', md: '6' }} pb="5">
            {discounts.length === 0 && (
              <Text fontSize="sm" color="fg.muted">
                No discounts are offered at the moment.
              </Text>
            )}
            {discounts.map((d) => {
              const reason = disabledReason(d, eligible.has(d.id), pricingModel);
              const on = selectedIds.includes(d.id);
              return (
                <OptionFrame key={d.id} selected={on} disabled={reason !== null} palette="green" data-testid="discount-option">
                  <OptionCheckbox
                    checked={on}
                    disabled={reason !== null}
                    onToggle={() => dispatch({ type: 'toggleDiscount', discountId: d.id })}
                    palette="green"
                  >
                    <Flex justify="space-between" gap="3" wrap="wrap" align="baseline">
                      <Text fontWeight="medium">{d.name}</Text>
                      <Badge colorPalette="green" variant={on ? 'solid' : 'subtle'}>
                        {discountValueSummary(d)}
                      </Badge>
                    </Flex>
                    {d.description && (
                      <Text fontSize="sm" color="fg.muted">
                        {d.description}
                      </Text>
                    )}
                    {reason && (
                      <Text fontSize="xs" color="fg.muted" mt="0.5">
                        {reason}
                      </Text>
                    )}
                  </OptionCheckbox>
                </OptionFrame>
              );
            })}
            <SellerDiscountSection discount={sellerDiscount} dispatch={dispatch} />
          </Stack>
        </Collapsible.Content>
      </Collapsible.Root>
    </Card.Root>
  );
});
