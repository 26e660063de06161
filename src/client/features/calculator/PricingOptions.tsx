// Pricing configuration: the model switch, the units / users field, the locations stepper, contract duration and
// payment frequency. Every rule is in calculator-state.ts; these controls only dispatch.
import { Field, HStack, IconButton, Input, SegmentGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useCallback, type Dispatch } from 'react';
import { LuMinus, LuPlus } from 'react-icons/lu';
import { configurationMessages, MAX_LOCATIONS, MAX_QUANTITY_SAVED } from '../../../shared/schemas/configuration';
import { optionsOf, PAYMENT_FREQUENCY_LABELS, PRICING_MODEL_LABELS } from '../../../shared/labels';
import {
  CONTRACT_DURATIONS,
  PAYMENT_FREQUENCIES,
  PRICING_MODELS,
  type ContractDuration,
  type PaymentFrequency,
  type PricingModel,
} from '../../../shared/value-sets';
import { parseQuantityText, type CalculatorAction } from './calculator-state';
import { TypedWholeInput } from './TypedWholeInput';

const DURATION_ITEMS = CONTRACT_DURATIONS.map((d) => ({ value: String(d), label: `${d} months` }));
const MODEL_ITEMS = optionsOf(PRICING_MODELS, PRICING_MODEL_LABELS);
const FREQUENCY_ITEMS = optionsOf(PAYMENT_FREQUENCIES, PAYMENT_FREQUENCY_LABELS);

// The controls are memoised with stable handlers: a keystroke in the units field re-renders that field and nothing
// around it (docs/DECISIONS.md "Typing speed").
export const SegmentChoice = memo(function SegmentChoice({
  label,
  value,
  items,
  onChange,
  name,
}: {
  label: string;
  value: string;
  items: { value: string; label: string }[];
  onChange: (value: string) => void;
  name: string;
}) {
  return (
    <Stack gap="1.5">
      <Text id={`${name}-label`} fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <SegmentGroup.Root
        name={name}
        aria-labelledby={`${name}-label`}
        value={value}
        onValueChange={(e) => e.value && onChange(e.value)}
        size="sm"
        w="full"
      >
        <SegmentGroup.Indicator bg="bg" shadow="sm" />
        {items.map((i) => (
          <SegmentGroup.Item key={i.value} value={i.value} flex="1" justifyContent="center" cursor="pointer">
            <SegmentGroup.ItemText>{i.label}</SegmentGroup.ItemText>
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
        ))}
      </SegmentGroup.Root>
    </Stack>
  );
});

/** The units / users field's reading: a whole number (empty is 0) within the save limit, else refused. */
function readQuantity(text: string): number | null {
  const n = parseQuantityText(text);
  return n === null || n > MAX_QUANTITY_SAVED ? null : n;
}

/**
 * The units / users field, typed as every whole-number field is (TypedWholeInput); on leaving it the state raises the
 * value to the package's smallest tier minimum.
 */
export function QuantityInput({
  field,
  value,
  hint,
  dispatch,
}: {
  field: 'squareMeters' | 'userCount';
  value: number;
  hint?: string;
  dispatch: Dispatch<CalculatorAction>;
}) {
  return (
    <TypedWholeInput
      label={field === 'squareMeters' ? 'Units' : 'Users'}
      value={value}
      read={readQuantity}
      refusal={configurationMessages[field]}
      hint={hint}
      onValue={(_, text) => dispatch({ type: 'inputQuantity', field, text })}
      onLeave={() => dispatch({ type: 'blurQuantity', field })}
      inputProps={{ name: field, 'data-testid': 'quantity-input' }}
    />
  );
}

export const LocationsStepper = memo(function LocationsStepper({ locations, dispatch }: { locations: number; dispatch: Dispatch<CalculatorAction> }) {
  return (
    <Field.Root>
      <Field.Label>Locations</Field.Label>
      <HStack gap="2" w="full">
        <IconButton
          aria-label="Decrease locations"
          variant="outline"
          size="md"
          disabled={locations <= 1}
          onClick={() => dispatch({ type: 'decrementLocations' })}
        >
          <LuMinus />
        </IconButton>
        <Input
          readOnly
          value={locations}
          textAlign="center"
          fontVariantNumeric="tabular-nums"
          aria-label="Locations"
          name="locations"
          flex="1"
          minW="0"
        />
        <IconButton
          aria-label="Increase locations"
          variant="outline"
          size="md"
          disabled={locations >= MAX_LOCATIONS}
          onClick={() => dispatch({ type: 'incrementLocations' })}
        >
          <LuPlus />
        </IconButton>
      </HStack>
    </Field.Root>
  );
});

export interface PricingOptionsProps {
  pricingModel: PricingModel;
  squareMeters: number;
  userCount: number;
  locations: number;
  quantityHint?: string;
  dispatch: Dispatch<CalculatorAction>;
}

export const PricingOptions = memo(function PricingOptions({
  pricingModel,
  squareMeters,
  userCount,
  locations,
  quantityHint,
  dispatch,
}: PricingOptionsProps) {
  const field = pricingModel === 'sqm' ? 'squareMeters' : 'userCount';
  const setModel = useCallback((v: string) => dispatch({ type: 'setPricingModel', pricingModel: v as PricingModel }), [dispatch]);
  return (
    <Stack gap="4">
      <SegmentChoice label="Pricing Model" name="pricingModel" value={pricingModel} items={MODEL_ITEMS} onChange={setModel} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <QuantityInput
          key={field}
          field={field}
          value={field === 'squareMeters' ? squareMeters : userCount}
          hint={quantityHint}
          dispatch={dispatch}
        />
        <LocationsStepper locations={locations} dispatch={dispatch} />
      </SimpleGrid>
    </Stack>
  );
});

export const ContractOptions = memo(function ContractOptions({
  contractDuration,
  paymentFrequency,
  dispatch,
}: {
  contractDuration: ContractDuration;
  paymentFrequency: PaymentFrequency;
  dispatch: Dispatch<CalculatorAction>;
}) {
  const setDuration = useCallback((v: string) => dispatch({ type: 'setContractDuration', contractDuration: Number(v) }), [dispatch]);
  const setFrequency = useCallback((v: string) => dispatch({ type: 'setPaymentFrequency', paymentFrequency: v }), [dispatch]);
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <SegmentChoice
        label="Contract Duration"
        name="contractDuration"
        value={String(contractDuration)}
        items={DURATION_ITEMS}
        onChange={setDuration}
      />
      <SegmentChoice label="Payment Frequency" name="paymentFrequency" value={paymentFrequency} items={FREQUENCY_ITEMS} onChange={setFrequency} />
    </SimpleGrid>
  );
});
