// A small native select over a list of { value, label } options: the lists' filters use it.
import { NativeSelect } from '@chakra-ui/react';

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
    <NativeSelect.Root size="sm" maxW={maxW}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value as V)}>
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
