// /admin/dashboard (docs/PRODUCT.md "The admin area"): its own session check (apart from the route guard, which decides only on entry),
// then the tabs. Tab contents mount when first opened.
import { Box, Button, Flex, Heading, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuUsers } from 'react-icons/lu';
import { Link, useLocation } from 'wouter';
import { PageSpinner } from '../../components/PageSpinner';
import { notify } from '../../components/toaster';
import { useSessionCheck } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ActivityTab } from './activity/ActivityTab';
import { AddOnsTab } from './addons/AddOnsTab';
import { CategoriesTab } from './categories/CategoriesTab';
import { CompanyTab } from './company/CompanyTab';
import { DiscountsTab } from './discounts/DiscountsTab';
import { EmailLogsTab } from './email-logs/EmailLogsTab';
import { PackagesTab } from './packages/PackagesTab';
import { SavedConfigsTab } from './saved/SavedConfigsTab';
import { ACCESS_TOASTS, dashboardAccess } from './shared/shell-access';
import { PriceTiersTab } from './tiers/PriceTiersTab';
import { UsersTab } from './users/UsersTab';
import { usePageTitle } from '../../lib/page-title';
import { WebhooksTab } from './webhooks/WebhooksTab';
import { CatalogueFileButtons } from './catalogue-file/CatalogueFileButtons';

const TABS = [
  { value: 'packages', label: 'Packages', Content: PackagesTab },
  { value: 'addons', label: 'Add-ons', Content: AddOnsTab },
  { value: 'categories', label: 'Add-on Categories', Content: CategoriesTab },
  { value: 'tiers', label: 'Price Tiers', Content: PriceTiersTab },
  { value: 'discounts', label: 'Discounts', Content: DiscountsTab },
  { value: 'saved', label: 'Saved Configs', Content: SavedConfigsTab },
  { value: 'users', label: 'Users', Content: UsersTab },
  { value: 'email-logs', label: 'Email Logs', Content: EmailLogsTab },
  { value: 'activity', label: 'Activity', Content: ActivityTab },
  { value: 'company', label: 'Company', Content: CompanyTab },
  { value: 'webhooks', label: 'Webhooks', Content: WebhooksTab },
] as const;

export function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const check = useSessionCheck();
  const access = dashboardAccess(check);
  const logout = trpc.auth.logout.useMutation();
  const [tab, setTab] = useState<string>('packages');
  const left = useRef(false);

  useEffect(() => {
    if (access === 'checking' || access === 'granted' || left.current) return;
    left.current = true;
    const toast = ACCESS_TOASTS[access];
    notify('error', toast.title, toast.description);
    if (access === 'denied') {
      logout.mutate(undefined, {
        onSettled: () => {
          void utils.auth.invalidate();
          navigate('/admin/login');
        },
      });
    } else {
      navigate('/admin/login');
    }
  }, [access, logout, navigate, utils]);

  if (access !== 'granted') return <PageSpinner />;

  return (
    <Box minW="0">
      <Flex align={{ base: 'flex-start', sm: 'center' }} justify="space-between" gap="3" mb={{ base: '4', md: '6' }} wrap="wrap">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Admin Dashboard
          </Heading>
          <Text color="fg.muted" mt="1" textStyle="sm">
            Catalogue, pricing, accounts and quotes in one place.
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <CatalogueFileButtons />
          <Button asChild variant="outline" size="sm">
            <Link href="/admin/users">
              <LuUsers /> User management
            </Link>
          </Button>
        </Flex>
      </Flex>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line" colorPalette="blue">
        <Tabs.List
          overflowX="auto"
          overflowY="hidden"
          maxW="full"
          css={{ scrollbarWidth: 'thin' }}
          bg="bg"
          borderWidth="1px"
          borderBottomWidth="0"
          roundedTop="l3"
          px="1"
        >
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} flexShrink={0} whiteSpace="nowrap">
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Content }) => (
          <Tabs.Content key={value} value={value} pt="0">
            <Box bg="bg" borderWidth="1px" borderTopWidth="0" roundedBottom="l3" p={{ base: '3', md: '6' }} minW="0">
              <Content />
            </Box>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Box>
  );
}
