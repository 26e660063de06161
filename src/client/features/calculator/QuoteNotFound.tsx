// /calculator/{id} for a quote that does not exist or is not the user's: a page that says so, instead of an empty
// calculator that looks like the quote lost its contents.
import { Button, HStack, Text } from '@chakra-ui/react';
import { LuFileQuestion, LuFolderOpen, LuPlus } from 'react-icons/lu';
import { Link } from 'wouter';
import { IconCard } from '../../components/IconCard';
import { usePageTitle } from '../../lib/page-title';

export function QuoteNotFound({ id }: { id: number }) {
  usePageTitle('Quote not found');
  return (
    <IconCard
      look="centred"
      icon={LuFileQuestion}
      tone="orange"
      title="Quote not found"
      headingAs="h2"
      maxW="lg"
      mt={{ base: '2', md: '6' }}
      data-testid="quote-not-found"
    >
      <Text color="fg.muted">There is no saved configuration #{id} that you can open. It may have been deleted, or it belongs to another user.</Text>
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
    </IconCard>
  );
}
