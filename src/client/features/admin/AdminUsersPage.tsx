// /admin/users (docs/PRODUCT.md "The admin area"): the standalone user management page with a back button to /admin.
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link } from 'wouter';
import { UsersManager } from './users/UsersManager';
import { usePageTitle } from '../../lib/page-title';

export function AdminUsersPage() {
  usePageTitle('User Management');
  return (
    <Stack gap={{ base: '4', md: '6' }} minW="0">
      <Box>
        <Button asChild variant="ghost" size="sm" mb="2" ms="-2">
          <Link href="/admin">
            <LuArrowLeft /> Back to Dashboard
          </Link>
        </Button>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          User Management
        </Heading>
        <Text color="fg.muted" mt="1" textStyle="sm">
          Create, edit and remove accounts.
        </Text>
      </Box>
      <Box bg="bg" borderWidth="1px" rounded="l3" p={{ base: '3', md: '6' }} minW="0">
        <UsersManager variant="page" />
      </Box>
    </Stack>
  );
}
