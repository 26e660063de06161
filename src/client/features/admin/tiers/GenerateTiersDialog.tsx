// Auto-Generate dialog (docs/PRODUCT.md "Pricing", docs/PRODUCT.md "The admin area"): range, end prices and tier count with the product's defaults and
// limits, a preview of the tiers from the shared generator, and Generate (disabled while anything is invalid).
import { Box, Dialog, Field, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { DialogShell, DialogSubmitFooter } from '../../../components/DialogShell';
import { useState, type FormEvent } from 'react';
import type { PricingTier } from '../../../../shared/pricing/types';
import type { TierKind } from '../../../../shared/schemas/catalog-admin';
import { formatEuro } from '../../../lib/format';
import { checkGenerator, GENERATOR_DEFAULTS, type GeneratorDraft } from './generator-form';
import { tierRangeLabel, TIER_WORDS } from './tier-format';
import { TierCliffsAlert } from './TierCliffsAlert';
import { moneyInputProps, wholeInputProps } from '../shared/catalog-ui';

export function GenerateTiersDialog({
  open,
  kind,
  packageName,
  pending,
  onGenerate,
  onClose,
}: {
  open: boolean;
  kind: TierKind;
  packageName: string;
  pending: boolean;
  onGenerate: (tiers: PricingTier[]) => void;
  onClose: () => void;
}) {
  return (
    <DialogShell open={open} onClose={onClose} busy={pending} size="lg" scrollBehavior="inside">
      {open && <GeneratorBody key={kind} kind={kind} packageName={packageName} pending={pending} onGenerate={onGenerate} onClose={onClose} />}
    </DialogShell>
  );
}

function GeneratorBody({
  kind,
  packageName,
  pending,
  onGenerate,
  onClose,
}: {
  kind: TierKind;
  packageName: string;
  pending: boolean;
  onGenerate: (tiers: PricingTier[]) => void;
  onClose: () => void;
}) {
  const w = TIER_WORDS[kind];
  const [draft, setDraft] = useState<GeneratorDraft>(GENERATOR_DEFAULTS[kind]);
  const { errors, tiers } = checkGenerator(draft);
  const set = (field: keyof GeneratorDraft) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [field]: e.target.value });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (tiers) onGenerate(tiers);
  }

  return (
    <form noValidate aria-label={`Auto-generate ${w.kindLabel} tiers`} onSubmit={submit} style={{ display: 'contents' }}>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
        <Dialog.Title>Auto-Generate {w.One}-Based Tiers</Dialog.Title>
        <Dialog.Description color="fg.muted" textStyle="sm">
          Replaces all {w.kindLabel} tiers of {packageName} with evenly spaced tiers whose prices run from the first to the last.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={Boolean(errors.min)}>
              <Field.Label>Minimum {w.Noun}</Field.Label>
              <Input {...wholeInputProps} value={draft.min} onChange={set('min')} />
              <Field.ErrorText>{errors.min}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.max)}>
              <Field.Label>Maximum {w.Noun}</Field.Label>
              <Input {...wholeInputProps} value={draft.max} onChange={set('max')} />
              <Field.HelperText>Where the last, open-ended tier starts</Field.HelperText>
              <Field.ErrorText>{errors.max}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.priceAtMin)}>
              <Field.Label>Price at Minimum (€ per {w.one})</Field.Label>
              <Input {...moneyInputProps} value={draft.priceAtMin} onChange={set('priceAtMin')} />
              <Field.ErrorText>{errors.priceAtMin}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.priceAtMax)}>
              <Field.Label>Price at Maximum (€ per {w.one})</Field.Label>
              <Input {...moneyInputProps} value={draft.priceAtMax} onChange={set('priceAtMax')} />
              <Field.ErrorText>{errors.priceAtMax}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.count)}>
              <Field.Label>Number of Tiers</Field.Label>
              <Input {...wholeInputProps} value={draft.count} onChange={set('count')} />
              <Field.HelperText>3-6 recommended</Field.HelperText>
              <Field.ErrorText>{errors.count}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Box>
            <Text fontWeight="semibold" textStyle="sm" mb="2" id="tier-preview-heading">
              Preview
            </Text>
            {tiers && <TierCliffsAlert kind={kind} tiers={tiers} mb="3" />}
            {tiers ? (
              <Box borderWidth="1px" rounded="l2" overflow="hidden">
                <Table.Root size="sm" aria-labelledby="tier-preview-heading" data-testid="tier-preview">
                  <Table.Header>
                    <Table.Row bg="bg.subtle">
                      <Table.ColumnHeader>{w.One} Range</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Price Per {w.One}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {tiers.map((t) => (
                      <Table.Row key={t.min}>
                        <Table.Cell fontVariantNumeric="tabular-nums">{tierRangeLabel(t.min, t.max, kind)}</Table.Cell>
                        <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                          {formatEuro(t.price, { cents: true })}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            ) : (
              <Text textStyle="sm" color={errors.range ? 'fg.error' : 'fg.muted'} role={errors.range ? 'alert' : undefined}>
                {errors.range ?? 'Fix the values above to see the tiers.'}
              </Text>
            )}
          </Box>
        </Stack>
      </Dialog.Body>
      <DialogSubmitFooter onCancel={onClose} pending={pending} disabled={!tiers}>
        Generate
      </DialogSubmitFooter>
    </form>
  );
}
