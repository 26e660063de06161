// The calculator's open-and-close parts (the discounts card, the summary's breakdowns) share their button's feel and
// the chevron that turns with them.
import { Icon, type IconProps } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';

export const disclosureButton = { cursor: 'pointer', focusRing: 'outside' } as const;

/** Down while closed, up while open. */
export function DisclosureChevron({ open, ...icon }: IconProps & { open: boolean }) {
  return <Icon as={LuChevronDown} transition="transform 0.2s" transform={open ? 'rotate(180deg)' : undefined} {...icon} />;
}
