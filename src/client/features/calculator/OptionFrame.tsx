import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * The frame around one choosable option (an add-on, a discount): bordered and tinted in `palette` when selected, muted
 * when it cannot be chosen.
 */
export function OptionFrame({
  selected,
  disabled,
  palette,
  ...rest
}: { selected: boolean; disabled: boolean; palette: 'blue' | 'green' } & BoxProps) {
  return (
    <Box
      borderWidth="1px"
      borderRadius="l2"
      px="3"
      py="2.5"
      borderColor={selected ? `${palette}.solid` : 'border'}
      bg={selected ? `${palette}.subtle` : disabled ? 'bg.muted' : 'bg'}
      opacity={disabled ? 0.7 : 1}
      {...rest}
    />
  );
}
