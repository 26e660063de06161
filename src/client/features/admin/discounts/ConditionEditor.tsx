// The conditions of a discount rule: one row each with type, operator and value; the operators and the value
// control follow the type (condition-rules.ts).
import { Box, Button, Checkbox, Flex, Grid, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import type { ConditionType } from '../../../../shared/schemas/catalog-admin';
import { PAYMENT_FREQUENCY_LABELS, PRICING_MODEL_LABELS } from '../../../../shared/labels';
import { PAYMENT_FREQUENCIES, PRICING_MODELS } from '../../../../shared/value-sets';
import {
  CONDITION_TYPE_OPTIONS,
  newCondition,
  operatorsFor,
  togglePackage,
  valueKindOf,
  withOperator,
  withType,
  type ConditionDraft,
} from './condition-rules';
import { RemoveIconButton } from '../../../components/RemoveIconButton';
import { wholeInputProps } from '../shared/catalog-ui';

export interface ConditionEditorProps {
  conditions: readonly ConditionDraft[];
  onChange: (next: ConditionDraft[]) => void;
  packages: readonly { id: number; name: string }[];
}

function Select({
  label,
  value,
  onChange,
  children,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <NativeSelect.Root size="sm" disabled={disabled}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function ConditionEditor({ conditions, onChange, packages }: ConditionEditorProps) {
  const packageIds = packages.map((p) => p.id);
  const set = (i: number, c: ConditionDraft) => onChange(conditions.map((x, j) => (j === i ? c : x)));

  return (
    <Stack gap="2" role="group" aria-label="Conditions">
      {conditions.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          No conditions yet. A rule needs at least one.
        </Text>
      )}
      {conditions.map((c, i) => {
        const n = i + 1;
        const kind = valueKindOf(c.type, c.operator);
        const ops = operatorsFor(c.type);
        return (
          <Grid
            key={i}
            data-testid="condition-row"
            templateColumns={{ base: '5.5rem 1fr auto', md: 'minmax(10rem, 1fr) 5.5rem minmax(10rem, 1.3fr) auto' }}
            gap="2"
            alignItems="start"
            p="2"
            rounded="l2"
            bg="bg.subtle"
          >
            <Box gridColumn={{ base: '1 / -1', md: 'auto' }}>
              <Select label={`Condition ${n} type`} value={c.type} onChange={(v) => set(i, withType(c, v as ConditionType, packageIds))}>
                {CONDITION_TYPE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </Box>
            <Select label={`Condition ${n} operator`} value={c.operator} onChange={(v) => set(i, withOperator(c, v))} disabled={ops.length === 1}>
              {ops.map((op) => (
                <option key={op} value={op}>
                  {op}
                </option>
              ))}
            </Select>
            <Box minW="0">
              {kind === 'number' && (
                <Input
                  size="sm"
                  {...wholeInputProps}
                  aria-label={`Condition ${n} value`}
                  value={c.value as string}
                  onChange={(e) => set(i, { ...c, value: e.target.value })}
                />
              )}
              {kind === 'package' && (
                <Select label={`Condition ${n} value`} value={c.value as string} onChange={(v) => set(i, { ...c, value: v })}>
                  {c.value === '' && <option value="">Select a package</option>}
                  {packages.map((p) => (
                    <option key={p.id} value={String(p.id)}>
                      {p.name}
                    </option>
                  ))}
                </Select>
              )}
              {kind === 'packages' && (
                <Flex role="group" aria-label={`Condition ${n} packages`} gap="3" wrap="wrap" py="1.5" px="1">
                  {packages.map((p) => (
                    <Checkbox.Root
                      key={p.id}
                      size="sm"
                      checked={Array.isArray(c.value) && c.value.includes(p.id)}
                      onCheckedChange={(e) => set(i, togglePackage(c, p.id, e.checked === true))}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{p.name}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Flex>
              )}
              {kind === 'frequency' && (
                <Select label={`Condition ${n} value`} value={c.value as string} onChange={(v) => set(i, { ...c, value: v })}>
                  {PAYMENT_FREQUENCIES.map((f) => (
                    <option key={f} value={f}>
                      {PAYMENT_FREQUENCY_LABELS[f]}
                    </option>
                  ))}
                </Select>
              )}
              {kind === 'model' && (
                <Select label={`Condition ${n} value`} value={c.value as string} onChange={(v) => set(i, { ...c, value: v })}>
                  {PRICING_MODELS.map((m) => (
                    <option key={m} value={m}>
                      {PRICING_MODEL_LABELS[m]}
                    </option>
                  ))}
                </Select>
              )}
            </Box>
            <RemoveIconButton size="sm" label={`Remove condition ${n}`} onClick={() => onChange(conditions.filter((_, j) => j !== i))} />
          </Grid>
        );
      })}
      <Box>
        <Button size="sm" variant="outline" onClick={() => onChange([...conditions, newCondition()])}>
          <LuPlus /> Add Condition
        </Button>
      </Box>
    </Stack>
  );
}
