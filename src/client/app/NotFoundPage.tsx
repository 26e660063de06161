import { Button, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuCompass } from '../components/first-screen-icons';
import { Link } from 'wouter';
import { IconCard } from '../components/IconCard';
import { usePageTitle } from '../lib/page-title';

/** Any path the router does not know (docs/PRODUCT.md "Access"). */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <IconCard look="centred" icon={LuCompass} tone="orange" title="404 Page Not Found" headingAs="h1" maxW="md" mt={{ base: '6', md: '16' }}>
      <Text color="fg.muted">There is no page at this address. Check the link, or start from the calculator.</Text>
      <Button asChild colorPalette="blue" variant="subtle" mt="2">
        <Link href="/">
          <LuArrowLeft aria-hidden /> Back to the calculator
        </Link>
      </Button>
    </IconCard>
  );
}
