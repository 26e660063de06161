// A whole-number field that shows what was typed, always (docs/PRODUCT.md "Numbers as typed"): text `read` accepts goes
// into the quote at once, anything else — "12.5", "-5", "1e3", a value out of bounds — is refused with `refusal` while
// the quote keeps its last valid value. On leaving, valid text gives way to the value (the state may have raised it);
// refused text stays in view, with its message, until it is edited. The units / users field and the quantities use it.
import { Field, Input, type FieldRootProps, type InputProps } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

export function TypedWholeInput({
  label,
  value,
  read,
  refusal,
  hint,
  onValue,
  onLeave,
  hideLabel,
  fieldProps,
  inputProps,
}: {
  label: ReactNode;
  /** the label is read out, not shown (a field in a table row, under its column's heading) */
  hideLabel?: boolean;
  value: number;
  /** the number the text says, or null where it is refused */
  read: (text: string) => number | null;
  refusal: string;
  hint?: string;
  onValue: (value: number, text: string) => void;
  onLeave?: () => void;
  fieldProps?: FieldRootProps;
  inputProps?: InputProps & { 'data-testid'?: string };
}) {
  // what was typed, while it says something other than the quote's own figure; null: the field shows the value
  const [typed, setTyped] = useState<string | null>(null);
  const refused = typed !== null && read(typed) === null;
  // a valid text that no longer matches the value (a package choice, a load, the raise on leaving) gives way to it
  const text = typed !== null && (refused || read(typed) === value) ? typed : String(value);
  return (
    <Field.Root invalid={refused} {...fieldProps}>
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <Input
        inputMode="numeric"
        autoComplete="off"
        value={text}
        fontVariantNumeric="tabular-nums"
        {...inputProps}
        onChange={(e) => {
          const next = e.target.value;
          setTyped(next);
          const n = read(next);
          if (n !== null) onValue(n, next);
        }}
        onBlur={() => {
          onLeave?.();
          setTyped((t) => (t !== null && read(t) === null ? t : null));
        }}
      />
      {refused ? <Field.ErrorText>{refusal}</Field.ErrorText> : hint && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}
