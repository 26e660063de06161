// Add / edit form of a discount rule: name, description, type, value and the conditions.
// Checked as a whole on save: "Please fill in all required fields" (docs/PRODUCT.md "The admin area").
import { Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Controller, useForm } from 'react-hook-form';
import type { CreateDiscountInput, DiscountType } from '../../../../shared/schemas/catalog-admin';
import { PRICING_MODEL_LABELS } from '../../../../shared/labels';
import { notify } from '../../../components/toaster';
import { NativeOptionSelect } from '../../../components/OptionSelect';
import { ConditionEditor } from './ConditionEditor';
import { discountDraftToInput, DISCOUNT_TYPE_OPTIONS, valueLabel, type DiscountDraft } from './condition-rules';
import { CatalogFormCard, moneyInputProps, takenNameError, type TakenName } from '../shared/catalog-ui';

const TYPE_HINT: Partial<Record<DiscountType, string>> = {
  sqm_percentage: `Applies to the unit-based price only, with the ${PRICING_MODEL_LABELS.sqm} pricing model.`,
  user_percentage: `Applies to the user-based price only, with the ${PRICING_MODEL_LABELS.user} pricing model.`,
  free_months: 'Adds free months to the contract without changing the monthly price.',
  setup_fee_discount: 'A percentage off the one-time setup fees only.',
  fixed: 'A fixed amount in euro off the monthly total.',
};

export function DiscountForm({
  title,
  initial,
  submitLabel,
  packages,
  pending,
  taken,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: DiscountDraft;
  submitLabel: string;
  packages: readonly { id: number; name: string }[];
  pending: boolean;
  /** The server refused this name: another discount rule has it. */
  taken?: TakenName | undefined;
  onSubmit: (input: Required<CreateDiscountInput>) => void;
  onCancel: () => void;
}) {
  const form = useForm<DiscountDraft>({ defaultValues: initial });
  const type = form.watch('type');
  const nameError = takenNameError(taken, form.watch('name'));
  const submit = form.handleSubmit((draft) => {
    const r = discountDraftToInput(draft);
    if (!r.ok) notify('error', r.message, r.missing);
    else onSubmit(r.input);
  });
  return (
    <CatalogFormCard title={title} submitLabel={submitLabel} pending={pending} onSubmit={submit} onCancel={onCancel}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={nameError !== undefined}>
            <Field.Label>Rule Name</Field.Label>
            <Input placeholder="2-Year Contract Discount" {...form.register('name')} />
            {nameError && <Field.ErrorText>{nameError}</Field.ErrorText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>Discount Type</Field.Label>
            <NativeOptionSelect options={DISCOUNT_TYPE_OPTIONS} field={form.register('type')} />
            {TYPE_HINT[type] && <Field.HelperText>{TYPE_HINT[type]}</Field.HelperText>}
          </Field.Root>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Description</Field.Label>
            <Textarea rows={2} {...form.register('description')} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{valueLabel(type)}</Field.Label>
            <Input {...moneyInputProps} {...form.register('value')} />
          </Field.Root>
        </SimpleGrid>
        <Stack gap="2">
          <Text fontWeight="medium" textStyle="sm">
            Conditions
          </Text>
          <Controller
            control={form.control}
            name="conditions"
            render={({ field }) => <ConditionEditor conditions={field.value} onChange={field.onChange} packages={packages} />}
          />
        </Stack>
      </Stack>
    </CatalogFormCard>
  );
}
