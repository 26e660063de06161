// /saved-configurations (docs/PRODUCT.md "The calculator"): the signed-in user's saved quotes; a signed-out visitor is asked to sign in.
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LuLock, LuPlus } from 'react-icons/lu';
import { Link } from 'wouter';
import { PageSpinner } from '../../components/PageSpinner';
import { SessionCheckFailed } from '../../components/SessionCheckFailed';
import { useEnteringUser } from '../../lib/session';
import { EmptyCard } from './EmptyCard';
import { SavedConfigurationsTable } from './SavedConfigurationsTable';
import { usePageTitle } from '../../lib/page-title';

export function SavedConfigurationsPage() {
  usePageTitle('Saved Configurations');
  const { status, check } = useEnteringUser();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'unavailable') return <SessionCheckFailed check={check} />;
  if (status === 'unauthenticated') {
    return (
      <EmptyCard
        maxW="lg"
        mx="auto"
        mt={{ base: '4', md: '12' }}
        py="12"
        icon={<LuLock />}
        title="Please sign in"
        description="You need to sign in to view your saved configurations"
        action={{ href: '/auth', label: 'Sign in' }}
      />
    );
  }
  return (
    <Stack gap="6">
      <Flex justify="space-between" align={{ base: 'flex-start', sm: 'flex-end' }} gap="4" direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            Your Saved Configurations
          </Heading>
          <Text color="fg.muted">Load a quote to continue working on it, download it as a PDF, or remove it.</Text>
        </Stack>
        <Button asChild colorPalette="blue" flexShrink={0}>
          <Link href="/">
            <LuPlus aria-hidden /> New configuration
          </Link>
        </Button>
      </Flex>
      <SavedConfigurationsTable />
    </Stack>
  );
}
