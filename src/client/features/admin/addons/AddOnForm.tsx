// Add / edit form of an add-on: name, description, category, the unit its fees are multiplied by, setup and monthly
// fee, and the packages it is offered with.
import { Checkbox, Fieldset, Flex, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { CategoryDto, PackageDto } from '../../../lib/catalog-types';
import { ADDON_REQUIRED } from '../../../../shared/schemas/catalog-admin';
import { ADD_ON_UNIT_LABELS } from '../../../../shared/labels';
import { ADD_ON_UNITS } from '../../../../shared/value-sets';
import { notify } from '../../../components/toaster';
import { CatalogField, moneyInputProps, CatalogFormCard, takenNameError, type TakenName } from '../shared/catalog-ui';
import { addOnFormSchema, type AddOnFormValues } from './addon-form';

export function AddOnForm({
  title,
  initial,
  submitLabel,
  packages,
  categories,
  pending,
  taken,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: AddOnFormValues;
  submitLabel: string;
  packages: readonly PackageDto[];
  categories: readonly CategoryDto[];
  pending: boolean;
  /** The server refused this name: another add-on has it. */
  taken?: TakenName | undefined;
  onSubmit: (values: AddOnFormValues) => void;
  onCancel: () => void;
}) {
  const form = useForm<AddOnFormValues>({ resolver: zodResolver(addOnFormSchema), defaultValues: initial });
  const errors = form.formState.errors;
  const sortedCategories = [...categories].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <CatalogFormCard
      title={title}
      submitLabel={submitLabel}
      pending={pending}
      onSubmit={form.handleSubmit(onSubmit, (errs) => {
        if (errs.name || errs.categoryId) notify('error', ADDON_REQUIRED);
      })}
      onCancel={onCancel}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <CatalogField label="Name" error={errors.name?.message ?? takenNameError(taken, form.watch('name'))}>
            <Input placeholder="e.g. Single Sign-On (SSO)" {...form.register('name')} />
          </CatalogField>
          <CatalogField label="Category" error={errors.categoryId?.message}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('categoryId')}>
                <option value="">Select a category</option>
                {sortedCategories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </CatalogField>
        </SimpleGrid>
        <CatalogField label="Description">
          <Textarea rows={2} {...form.register('description')} />
        </CatalogField>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <CatalogField label="Unit" hint="What both fees are multiplied by">
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('unit')}>
                {ADD_ON_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {ADD_ON_UNIT_LABELS[u]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </CatalogField>
          <CatalogField label="Setup Fee (€, one-time)" error={errors.setupFee?.message}>
            <Input {...moneyInputProps} {...form.register('setupFee')} />
          </CatalogField>
          <CatalogField label="Monthly Fee (€ / month)" error={errors.monthlyFee?.message}>
            <Input {...moneyInputProps} {...form.register('monthlyFee')} />
          </CatalogField>
        </SimpleGrid>
        <Controller
          control={form.control}
          name="availableForPackages"
          render={({ field }) => (
            <Fieldset.Root>
              <Fieldset.Legend fontWeight="medium" textStyle="sm">
                Available for packages
              </Fieldset.Legend>
              <Fieldset.Content>
                {packages.length === 0 ? (
                  <Fieldset.HelperText>No packages yet.</Fieldset.HelperText>
                ) : (
                  <Flex gap="5" wrap="wrap">
                    {packages.map((p) => (
                      <Checkbox.Root
                        key={p.id}
                        checked={field.value.includes(p.id)}
                        onCheckedChange={(e) =>
                          field.onChange(
                            e.checked === true ? [...field.value.filter((id) => id !== p.id), p.id] : field.value.filter((id) => id !== p.id),
                          )
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{p.name}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Flex>
                )}
              </Fieldset.Content>
            </Fieldset.Root>
          )}
        />
      </Stack>
    </CatalogFormCard>
  );
}
