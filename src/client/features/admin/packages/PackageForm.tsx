// Add / edit form of a package (inline, in a card). Name required; fees decimal, min 0, step 0.01.
import { Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CatalogField, moneyInputProps, CatalogFormCard, takenNameError, type TakenName } from '../shared/catalog-ui';
import { FeatureListEditor } from './FeatureListEditor';
import { packageFormSchema, type PackageFormValues } from './package-form';

export function PackageForm({
  title,
  initial,
  submitLabel,
  pending,
  taken,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: PackageFormValues;
  submitLabel: string;
  pending: boolean;
  /** The server refused this name: another package has it. */
  taken?: TakenName | undefined;
  onSubmit: (values: PackageFormValues) => void;
  onCancel: () => void;
}) {
  const form = useForm<PackageFormValues>({ resolver: zodResolver(packageFormSchema), defaultValues: initial });
  const errors = form.formState.errors;
  return (
    <CatalogFormCard title={title} submitLabel={submitLabel} pending={pending} onSubmit={form.handleSubmit(onSubmit)} onCancel={onCancel}>
      <Stack gap="4">
        <CatalogField label="Package Name" error={errors.name?.message ?? takenNameError(taken, form.watch('name'))}>
          <Input placeholder="e.g. Professional" {...form.register('name')} />
        </CatalogField>
        <CatalogField label="Description">
          <Textarea rows={2} {...form.register('description')} />
        </CatalogField>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <CatalogField label="Base Price (€ / month)" error={errors.basePrice?.message}>
            <Input {...moneyInputProps} {...form.register('basePrice')} />
          </CatalogField>
          <CatalogField label="Setup Fee (€)" error={errors.setupFee?.message}>
            <Input {...moneyInputProps} {...form.register('setupFee')} />
          </CatalogField>
          <CatalogField label="Extra Location Price (€ / month)" error={errors.extraLocationPrice?.message}>
            <Input {...moneyInputProps} {...form.register('extraLocationPrice')} />
          </CatalogField>
        </SimpleGrid>
        <FeatureListEditor control={form.control} register={form.register} />
      </Stack>
    </CatalogFormCard>
  );
}
