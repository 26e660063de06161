import { Text, type TextProps } from '@chakra-ui/react';
import { formatEuro } from '../lib/format';

/** An amount in euro, tabular figures so columns of money line up. `cents` when the value is integer cents. */
export function Money({ value, cents, ...rest }: { value: string | number; cents?: boolean } & TextProps) {
  return (
    <Text as="span" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" {...rest}>
      {formatEuro(value, { cents })}
    </Text>
  );
}
