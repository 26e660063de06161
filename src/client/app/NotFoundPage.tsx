import { Button, Card, Flex, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuCompass } from '../components/first-screen-icons';
import { Link } from 'wouter';
import { usePageTitle } from '../lib/page-title';

/** Any path the router does not know (docs/PRODUCT.md "Access"). */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Card.Root maxW="md" mx="auto" mt={{ base: '6', md: '16' }} variant="elevated" rounded="2xl">
      <Card.Body p={{ base: '6', md: '8' }}>
        <Stack gap="4" align="center" textAlign="center">
          <Flex boxSize="14" rounded="full" bg="orange.subtle" color="orange.fg" align="center" justify="center">
            <Icon as={LuCompass} boxSize="7" aria-hidden />
          </Flex>
          <Heading as="h1" size="xl">
            404 Page Not Found
          </Heading>
          <Text color="fg.muted">Did you forget to add the page to the router?</Text>
          <Button asChild colorPalette="blue" variant="subtle" mt="2">
            <Link href="/">
              <LuArrowLeft aria-hidden /> Back to the calculator
            </Link>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
