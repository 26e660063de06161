// /calculator/{id} for a quote that does not exist or is not the user's: a page that says so, instead of an empty
// calculator that looks like the quote lost its contents.
import { Button, Card, Flex, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuFileQuestion, LuFolderOpen, LuPlus } from 'react-icons/lu';
import { Link } from 'wouter';
import { usePageTitle } from '../../lib/page-title';

export function QuoteNotFound({ id }: { id: number }) {
  usePageTitle('Quote not found');
  return (
    <Card.Root maxW="lg" mx="auto" mt={{ base: '2', md: '6' }} variant="elevated" rounded="2xl" data-testid="quote-not-found">
      <Card.Body p={{ base: '6', md: '8' }}>
        <Stack gap="4" align="center" textAlign="center">
          <Flex boxSize="14" rounded="full" bg="orange.subtle" color="orange.fg" align="center" justify="center">
            <Icon as={LuFileQuestion} boxSize="7" aria-hidden />
          </Flex>
          <Heading as="h2" size="xl">
            Quote not found
          </Heading>
          <Text color="fg.muted">
            There is no saved configuration #{id} that you can open. It may have been deleted, or it belongs to another
            user.
          </Text>
          <HStack gap="3" wrap="wrap" justify="center" mt="2">
            <Button asChild colorPalette="blue">
              <Link href="/saved-configurations">
                <LuFolderOpen aria-hidden /> Your saved configurations
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/">
                <LuPlus aria-hidden /> New configuration
              </Link>
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
