// The category icon picker (docs/PRODUCT.md "The admin area"): a 6-column grid with a maximum height that scrolls; each icon a toggle
// button named after the icon. Pressing the chosen icon again clears the choice. On a phone the grid has 4 columns:
// six are too narrow there for labels such as "Announcements" without breaking them mid-word.
import { Box, chakra, SimpleGrid, Text } from '@chakra-ui/react';
import { CATALOG_ICON_OPTIONS } from '../../../components/catalog-icons';
import { pickTone } from '../../../components/pick-tone';

export function IconPicker({ value, onChange, labelId }: { value: string | null; onChange: (icon: string | null) => void; labelId: string }) {
  return (
    <Box role="group" aria-labelledby={labelId} borderWidth="1px" rounded="l2" p="2" maxH="232px" overflowY="auto" data-testid="icon-picker">
      <SimpleGrid columns={{ base: 4, sm: 6 }} gap="1">
        {CATALOG_ICON_OPTIONS.map(({ id, label, Icon }) => {
          const selected = value === id;
          return (
            <chakra.button
              key={id}
              type="button"
              aria-label={label}
              aria-pressed={selected}
              title={label}
              onClick={() => onChange(selected ? null : id)}
              display="flex"
              flexDirection="column"
              alignItems="center"
              justifyContent="center"
              gap="1"
              minH="60px"
              px="1"
              py="2"
              rounded="l2"
              borderWidth="1px"
              borderColor={selected ? 'blue.solid' : 'transparent'}
              {...pickTone(selected)}
              cursor="pointer"
              _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px' }}
            >
              <Icon size={20} aria-hidden="true" />
              <Text as="span" textStyle="2xs" lineHeight="1.1" textAlign="center" lineClamp={2} hyphens="auto" overflowWrap="break-word">
                {label}
              </Text>
            </chakra.button>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
