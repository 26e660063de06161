// Edit Tiers mode: one row per tier with Min, Max (blank = No limit) and Price, add / remove rows, Save Changes and
// Cancel. Rules live in tier-rows.ts; this only shows them.
import { Alert, Button, Field, Flex, Input, Stack, Table, VisuallyHidden } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuPlus } from 'react-icons/lu';
import type { TierInput, TierKind } from '../../../../shared/schemas/catalog-admin';
import { TIER_WORDS, type TierView } from './tier-format';
import { addRow, checkRows, removeRow, rowsFromTiers, updateRow, type RowsCheck, type TierRow } from './tier-rows';
import { DataTable } from '../../../components/DataTable';
import { RemoveIconButton } from '../../../components/RemoveIconButton';
import { moneyInputProps, wholeInputProps } from '../shared/catalog-ui';

export function TierEditor({
  kind,
  tiers,
  pending,
  onSave,
  onCancel,
}: {
  kind: TierKind;
  tiers: readonly TierView[];
  pending: boolean;
  onSave: (tiers: TierInput[]) => void;
  onCancel: () => void;
}) {
  const w = TIER_WORDS[kind];
  const [rows, setRows] = useState<TierRow[]>(() => rowsFromTiers(tiers));
  const [check, setCheck] = useState<RowsCheck | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const c = checkRows(rows);
    setCheck(c);
    if (c.tiers) onSave(c.tiers);
  }
  const edit = (key: string, change: Partial<Omit<TierRow, 'key'>>) => {
    setRows((r) => updateRow(r, key, change));
  };

  return (
    <form noValidate aria-label={`Edit ${w.kindLabel} tiers`} onSubmit={submit}>
      <Stack gap="4">
        <DataTable
          head={
            <>
              <Table.ColumnHeader minW="110px">Min {w.Noun}</Table.ColumnHeader>
              <Table.ColumnHeader minW="110px">Max {w.Noun}</Table.ColumnHeader>
              <Table.ColumnHeader minW="120px">Price Per {w.One}</Table.ColumnHeader>
              <Table.ColumnHeader w="12">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.ColumnHeader>
            </>
          }
        >
          {rows.map((r, i) => {
            const e = check?.rowErrors[r.key] ?? {};
            return (
              <Table.Row key={r.key} data-testid="tier-edit-row" verticalAlign="top">
                <Table.Cell>
                  <Field.Root invalid={Boolean(e.min)}>
                    <Input
                      size="sm"
                      {...wholeInputProps}
                      aria-label={`Min ${w.Noun}, tier ${i + 1}`}
                      value={r.min}
                      onChange={(ev) => edit(r.key, { min: ev.target.value })}
                    />
                    {e.min && <Field.ErrorText>{e.min}</Field.ErrorText>}
                  </Field.Root>
                </Table.Cell>
                <Table.Cell>
                  <Field.Root invalid={Boolean(e.max)}>
                    <Input
                      size="sm"
                      {...wholeInputProps}
                      placeholder="No limit"
                      aria-label={`Max ${w.Noun}, tier ${i + 1}`}
                      value={r.max}
                      onChange={(ev) => edit(r.key, { max: ev.target.value })}
                    />
                    {e.max && <Field.ErrorText>{e.max}</Field.ErrorText>}
                  </Field.Root>
                </Table.Cell>
                <Table.Cell>
                  <Field.Root invalid={Boolean(e.price)}>
                    <Input
                      size="sm"
                      {...moneyInputProps}
                      aria-label={`Price Per ${w.One}, tier ${i + 1}`}
                      value={r.price}
                      onChange={(ev) => edit(r.key, { price: ev.target.value })}
                    />
                    {e.price && <Field.ErrorText>{e.price}</Field.ErrorText>}
                  </Field.Root>
                </Table.Cell>
                <Table.Cell>
                  <RemoveIconButton size="sm" label={`Remove tier ${i + 1}`} onClick={() => setRows((x) => removeRow(x, r.key))} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </DataTable>
        {check?.setError && (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>{check.setError}</Alert.Title>
          </Alert.Root>
        )}
        <Flex gap="2" justify="space-between" wrap="wrap" px={{ base: '3', md: '4' }} pb="4">
          <Button size="sm" variant="outline" onClick={() => setRows((x) => addRow(x))}>
            <LuPlus /> Add Tier
          </Button>
          <Flex gap="2">
            <Button size="sm" variant="outline" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button size="sm" type="submit" colorPalette="blue" loading={pending}>
              Save Changes
            </Button>
          </Flex>
        </Flex>
      </Stack>
    </form>
  );
}
