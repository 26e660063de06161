// Who the quote is for and until when its prices hold: in the save dialog and in "Edit quote details".
import { Field, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { lastValidDay, type QuoteFieldsValue } from './quote-life';

export function QuoteFieldsSection({
  value,
  onChange,
  disabled,
  today,
  error,
  validityHint,
}: {
  value: QuoteFieldsValue;
  onChange: (v: QuoteFieldsValue) => void;
  disabled?: boolean;
  today: string;
  error: string | null;
  validityHint: string;
}) {
  const set = (k: keyof QuoteFieldsValue) => (e: { target: { value: string } }) => onChange({ ...value, [k]: e.target.value });
  const emailBad = error !== null && error.includes('email');
  const dateBad = error !== null && !emailBad;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
      <Field.Root disabled={disabled}>
        <Field.Label>Customer company</Field.Label>
        <Input name="customerCompany" autoComplete="organization" value={value.customerCompany} onChange={set('customerCompany')} />
      </Field.Root>
      <Field.Root disabled={disabled}>
        <Field.Label>Contact name</Field.Label>
        <Input name="customerName" autoComplete="name" value={value.customerName} onChange={set('customerName')} />
      </Field.Root>
      <Field.Root disabled={disabled} invalid={emailBad}>
        <Field.Label>Contact email</Field.Label>
        <Input name="customerEmail" type="email" autoComplete="email" value={value.customerEmail} onChange={set('customerEmail')} />
        {emailBad && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Field.Root disabled={disabled} invalid={dateBad}>
        <Field.Label>Valid until</Field.Label>
        <Input name="validUntil" type="date" min={today} max={lastValidDay(today)} value={value.validUntil} onChange={set('validUntil')} />
        {dateBad ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Text fontSize="xs" color="fg.muted">
            {validityHint}
          </Text>
        )}
      </Field.Root>
    </SimpleGrid>
  );
}
