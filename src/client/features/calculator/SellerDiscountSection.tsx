// The seller's discount (docs/PRODUCT.md "Pricing" step 5), in the discounts area: one per quote, a percentage of what
// the catalogue's discounts leave or a fixed amount per month, with a reason. Applied, it reads as the summary's line
// ("Seller's discount: <reason>") with its terms, and can be changed or removed. The form judges only what was typed,
// in the save schema's own words; Apply stays disabled until the save would take it.
import { Button, Field, Flex, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useCallback, useState, type Dispatch } from 'react';
import { SELLER_DISCOUNT_TYPE_LABELS, optionsOf } from '../../../shared/labels';
import { SELLER_DISCOUNT_NAME } from '../../../shared/pricing';
import { sellerDiscountTerms } from '../../../shared/quote-lines';
import { SELLER_DISCOUNT_REASON_MAX, sellerDiscountInput } from '../../../shared/schemas/configuration';
import { SELLER_DISCOUNT_TYPES, type SellerDiscountType } from '../../../shared/value-sets';
import type { CalculatorAction, SellerDiscount } from './calculator-state';
import { OptionFrame } from './OptionFrame';
import { SegmentChoice } from './PricingOptions';

const TYPE_ITEMS = optionsOf(SELLER_DISCOUNT_TYPES, SELLER_DISCOUNT_TYPE_LABELS);

interface Draft {
  type: SellerDiscountType;
  value: string;
  reason: string;
}

const EMPTY: Draft = { type: 'percentage', value: '', reason: '' };

function draftOf(d: SellerDiscount): Draft {
  return { type: d.type, value: String(d.value), reason: d.reason };
}

function SellerDiscountForm({ initial, onApply, onCancel }: { initial: Draft; onApply: (d: Draft) => void; onCancel?: () => void }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const parsed = sellerDiscountInput.safeParse(draft);
  // an empty field is not yet an error: only what the user typed is judged
  const issueOf = (field: 'value' | 'reason') =>
    draft[field].trim() === '' ? undefined : parsed.error?.issues.find((i) => i.path[0] === field)?.message;
  const valueError = issueOf('value');
  const reasonError = issueOf('reason');
  const setType = useCallback((type: string) => setDraft((d) => ({ ...d, type: type as SellerDiscountType })), []);
  return (
    <Stack asChild gap="3">
      <form
        noValidate
        aria-label="Seller's discount"
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed.success) onApply(draft);
        }}
      >
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <SegmentChoice label="Type" name="sellerDiscountType" value={draft.type} items={TYPE_ITEMS} onChange={setType} />
          <Field.Root invalid={valueError !== undefined}>
            <Field.Label>{draft.type === 'percentage' ? 'Percentage (%)' : 'Amount per month (€)'}</Field.Label>
            {/* text, not type=number, as every decimal field (docs/PRODUCT.md "Numbers as typed") */}
            <Input
              name="sellerDiscountValue"
              inputMode="decimal"
              autoComplete="off"
              bg="bg"
              size="sm"
              placeholder={draft.type === 'percentage' ? '10' : '0.00'}
              value={draft.value}
              onChange={(e) => setDraft((d) => ({ ...d, value: e.target.value }))}
            />
            {valueError && <Field.ErrorText>{valueError}</Field.ErrorText>}
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={reasonError !== undefined}>
          <Field.Label>Reason</Field.Label>
          <Input
            name="sellerDiscountReason"
            autoComplete="off"
            bg="bg"
            size="sm"
            maxLength={SELLER_DISCOUNT_REASON_MAX + 1}
            placeholder="e.g., Multi-year commitment"
            value={draft.reason}
            onChange={(e) => setDraft((d) => ({ ...d, reason: e.target.value }))}
          />
          {reasonError ? <Field.ErrorText>{reasonError}</Field.ErrorText> : <Field.HelperText>Shown to the customer on the quote.</Field.HelperText>}
        </Field.Root>
        <HStack gap="2" justify="flex-end">
          {onCancel && (
            <Button size="sm" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" colorPalette="green" disabled={!parsed.success}>
            Apply seller&apos;s discount
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}

export const SellerDiscountSection = memo(function SellerDiscountSection({
  discount,
  dispatch,
}: {
  discount: SellerDiscount | null;
  dispatch: Dispatch<CalculatorAction>;
}) {
  const [editing, setEditing] = useState(false);
  const apply = useCallback(
    (d: Draft) => {
      dispatch({ type: 'setSellerDiscount', discount: d });
      setEditing(false);
    },
    [dispatch],
  );
  return (
    <Stack gap="2" mt="3" data-testid="seller-discount">
      <Stack gap="0.5">
        <Heading as="h3" size="sm">
          Seller&apos;s Discount
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          One per quote, taken off after the discounts above.
        </Text>
      </Stack>
      {discount && !editing ? (
        <OptionFrame selected disabled={false} palette="green">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {SELLER_DISCOUNT_NAME}: {discount.reason}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {sellerDiscountTerms(discount.type, discount.value)}
              </Text>
            </Stack>
            <HStack gap="1">
              <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
                Change
              </Button>
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => dispatch({ type: 'removeSellerDiscount' })}>
                Remove
              </Button>
            </HStack>
          </Flex>
        </OptionFrame>
      ) : (
        <OptionFrame selected={false} disabled={false} palette="green" bg="bg.subtle">
          <SellerDiscountForm
            key={discount ? 'edit' : 'new'}
            initial={discount ? draftOf(discount) : EMPTY}
            onApply={apply}
            onCancel={discount ? () => setEditing(false) : undefined}
          />
        </OptionFrame>
      )}
    </Stack>
  );
});
