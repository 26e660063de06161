import { Alert, Badge, Card, Heading, List, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatEuro } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/** The calculator's first section: the package cards (the full calculator is built on this page). */
export function CalculatorPage(_props: { configId?: string }) {
  const packages = trpc.catalog.packages.useQuery();
  return (
    <Stack gap="6">
      <Heading size="2xl">Pricing Calculator</Heading>
      <Text color="gray.600">All prices are in euro and exclude VAT and taxes.</Text>
      {packages.isError && (
        <Alert.Root status="error">
          <Alert.Content>
            <Alert.Title>Error Loading Data</Alert.Title>
            <Alert.Description>
              We're having trouble loading the necessary data. Please try again later or contact support.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {packages.isPending &&
          [0, 1, 2].map((i) => <Skeleton key={i} height="220px" />)}
        {packages.data?.map((p) => (
          <Card.Root key={p.id} data-testid="package-card">
            <Card.Header>
              <Heading size="lg">{p.name}</Heading>
              <Text fontWeight="semibold">{formatEuro(p.basePrice)} / month</Text>
            </Card.Header>
            <Card.Body>
              <List.Root gap="1" variant="plain">
                {p.features.map((f) => (
                  <List.Item key={f.id} color={f.included ? 'gray.800' : 'gray.400'}>
                    {f.included ? '✓' : '✗'} {f.text}
                  </List.Item>
                ))}
              </List.Root>
            </Card.Body>
            <Card.Footer>
              <Badge>Setup fee {formatEuro(p.setupFee)}</Badge>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
