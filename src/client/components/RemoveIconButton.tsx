// The red bin that deletes or removes what its label names: a row, a card, a line of a form.
import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';

export function RemoveIconButton({
  label,
  size = 'xs',
  ...rest
}: Omit<IconButtonProps, 'aria-label' | 'children' | 'variant' | 'colorPalette'> & { label: string }) {
  return (
    <IconButton size={size} variant="ghost" colorPalette="red" aria-label={label} {...rest}>
      <LuTrash2 />
    </IconButton>
  );
}
