// One labelled form field: the label, the control, a hint, and the validation message under it (replacing the hint).
import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function FormField({
  label,
  error,
  hint,
  required,
  readOnly,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} readOnly={readOnly}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}
