// A small native select over a list of { value, label } options: the lists' filters and sort, and the admin forms.
import { NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

/** The select itself; `field` goes to the <select>: a value and onChange, or react-hook-form's register(). */
export function NativeOptionSelect({
  options,
  field,
  size,
  maxW,
}: {
  options: readonly { value: string; label: string }[];
  field: ComponentProps<typeof NativeSelect.Field>;
  size?: 'sm';
  maxW?: Record<string, string>;
}) {
  return (
    <NativeSelect.Root size={size} maxW={maxW}>
      <NativeSelect.Field {...field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function OptionSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  maxW,
}: {
  /** The accessible name (the visible label, where there is one). */
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  maxW?: Record<string, string>;
}) {
  return (
    <NativeOptionSelect
      size="sm"
      maxW={maxW}
      options={options}
      field={{ 'aria-label': label, value, onChange: (e) => onChange(e.currentTarget.value as V) }}
    />
  );
}
