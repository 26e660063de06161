// The feature list of a package: rows of text + "included", added and removed freely.
import { Button, Checkbox, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Controller, useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import type { PackageFormValues } from './package-form';
import { RemoveIconButton } from '../../../components/RemoveIconButton';

export function FeatureListEditor({ control, register }: { control: Control<PackageFormValues>; register: UseFormRegister<PackageFormValues> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'features' });
  return (
    <Stack gap="2" role="group" aria-label="Features">
      <Text fontWeight="medium" textStyle="sm">
        Features
      </Text>
      {fields.length === 0 && (
        <Text color="fg.muted" textStyle="sm">
          No features yet.
        </Text>
      )}
      {fields.map((field, i) => (
        <HStack key={field.id} gap="3">
          <Input size="sm" flex="1" minW="0" placeholder="Feature description" aria-label={`Feature ${i + 1}`} {...register(`features.${i}.text`)} />
          <Controller
            control={control}
            name={`features.${i}.included`}
            render={({ field: f }) => (
              <Checkbox.Root size="sm" checked={f.value} onCheckedChange={(e) => f.onChange(e.checked === true)} flexShrink={0}>
                <Checkbox.HiddenInput onBlur={f.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>Included</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
          <RemoveIconButton size="sm" label={`Remove feature ${i + 1}`} onClick={() => remove(i)} />
        </HStack>
      ))}
      <div>
        <Button size="sm" variant="outline" onClick={() => append({ text: '', included: true })}>
          <LuPlus /> Add Feature
        </Button>
      </div>
    </Stack>
  );
}
