// The side panel of /auth (docs/PRODUCT.md "The calculator"): the three features of the product.
import { Box, Flex, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { LuBookmarkCheck, LuPackage, LuPuzzle } from '../../components/first-screen-icons';

const features = [
  {
    icon: LuPackage,
    title: 'Custom pricing packages',
    text: 'Start from Entry, Advanced or Ultimate and price by units or by users, with volume tiers built in.',
  },
  {
    icon: LuPuzzle,
    title: 'Add-on modules',
    text: 'Extend any package with integrations, room displays and more — setup fees and discounts included.',
  },
  {
    icon: LuBookmarkCheck,
    title: 'Saved configurations',
    text: 'Save a quote, come back to it later, update it and share it as a PDF.',
  },
];

export function MarketingPanel() {
  return (
    <Box
      as="aside"
      aria-label="Product features"
      rounded="2xl"
      p={{ base: '6', md: '10' }}
      color="white"
      bgGradient="to-br"
      gradientFrom="blue.700"
      gradientTo="blue.500"
      h="full"
    >
      <Stack gap={{ base: '6', md: '8' }}>
        <Stack gap="3">
          <Text fontSize="sm" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="blue.100">
            Quote Configurator
          </Text>
          <Heading as="h2" size={{ base: 'xl', md: '3xl' }} lineHeight="short">
            Accurate quotes for workplace software, in minutes
          </Heading>
          <Text color="blue.100">Everything your sales team needs to price a subscription and send it with confidence.</Text>
        </Stack>
        <Stack as="ul" gap="5" listStyleType="none">
          {features.map((f) => (
            <Flex as="li" key={f.title} gap="4" align="flex-start">
              <Flex flexShrink={0} boxSize="10" rounded="lg" bg="whiteAlpha.200" align="center" justify="center">
                <Icon as={f.icon} boxSize="5" aria-hidden />
              </Flex>
              <Box>
                <Text fontWeight="semibold">{f.title}</Text>
                <Text fontSize="sm" color="blue.100" mt="0.5">
                  {f.text}
                </Text>
              </Box>
            </Flex>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
