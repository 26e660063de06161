// The package cards: one radio group (arrow keys move, Space selects), three columns from md up.
import { Badge, Box, Flex, Heading, HStack, List, RadioCard, SimpleGrid, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { LuCheck, LuX } from 'react-icons/lu';
import type { PackageDto } from '../../lib/catalog-types';
import { Money } from '../../components/Money';

export interface PackagePickerProps {
  packages: PackageDto[];
  packageId: number;
  onSelect: (packageId: number) => void;
}

export const PackagePicker = memo(function PackagePicker({ packages, packageId, onSelect }: PackagePickerProps) {
  return (
    <RadioCard.Root
      value={String(packageId)}
      onValueChange={(e) => e.value && onSelect(Number(e.value))}
      colorPalette="blue"
      variant="surface"
      orientation="vertical"
      align="start"
    >
      <RadioCard.Label srOnly>Package</RadioCard.Label>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {packages.map((p) => {
          const selected = p.id === packageId;
          return (
            <RadioCard.Item
              key={p.id}
              value={String(p.id)}
              data-testid="package-card"
              data-selected={selected || undefined}
              borderRadius="l3"
              // Chakra only tints a focused card; a keyboard user needs a ring to see where the arrow keys are
              css={{ '&:has(input:focus-visible)': { focusRing: 'outside' } }}
            >
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl flexDirection="column" alignItems="stretch" gap="3" p="4" h="full">
                <Flex justify="space-between" align="center" gap="2">
                  <Heading as="h3" size="md">
                    {p.name}
                  </Heading>
                  {selected ? (
                    <Badge colorPalette="blue" variant="solid" size="sm">
                      Selected
                    </Badge>
                  ) : (
                    <RadioCard.ItemIndicator />
                  )}
                </Flex>
                <Box>
                  {/* a price, not a heading: a div, so it is not read as a styled paragraph-heading */}
                  <Text as="div" fontSize="2xl" fontWeight="bold" lineHeight="short" fontVariantNumeric="tabular-nums">
                    <Money value={p.basePrice} />
                    <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
                      {' '}
                      / month
                    </Text>
                  </Text>
                  {p.description && (
                    <Text fontSize="sm" color="fg.muted" mt="1">
                      {p.description}
                    </Text>
                  )}
                </Box>
                <List.Root gap="1.5" variant="plain" fontSize="sm" flex="1">
                  {p.features.map((f) => (
                    <List.Item key={f.id} color={f.included ? 'fg' : 'fg.muted'} alignItems="flex-start">
                      <List.Indicator asChild color={f.included ? 'green.600' : 'fg.muted'} mt="0.5">
                        {f.included ? <LuCheck aria-label="Included" /> : <LuX aria-label="Not included" />}
                      </List.Indicator>
                      <Text as="span" textDecoration={f.included ? undefined : 'line-through'}>
                        {f.text}
                      </Text>
                    </List.Item>
                  ))}
                </List.Root>
                <HStack justify="space-between" borderTopWidth="1px" pt="2" fontSize="sm" color="fg.muted">
                  <Text>Setup fee</Text>
                  <Money value={p.setupFee} fontWeight="medium" color="fg" />
                </HStack>
              </RadioCard.ItemControl>
            </RadioCard.Item>
          );
        })}
      </SimpleGrid>
    </RadioCard.Root>
  );
});
