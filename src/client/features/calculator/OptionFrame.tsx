import { Box, Checkbox, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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

/** The checkbox of such an option: its box at the first line, its label (`children`) the rest of the width. */
export function OptionCheckbox({
  checked,
  disabled,
  onToggle,
  palette,
  children,
}: {
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
  palette: 'blue' | 'green';
  children: ReactNode;
}) {
  return (
    <Checkbox.Root checked={checked} disabled={disabled} onCheckedChange={onToggle} alignItems="flex-start" w="full" colorPalette={palette}>
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label flex="1" minW="0" fontWeight="normal">
        {children}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}
