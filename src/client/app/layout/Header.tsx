// docs/PRODUCT.md "The calculator" "Header and footer": links to the calculator, saved configurations and admin (shown to everyone,
// highlighted on any /admin path), and the user menu. On a phone the links show an icon and a short label.
import { Box, Container, Flex, HStack, Icon, Link as ChakraLink, Text } from '@chakra-ui/react';
import { LuCalculator, LuFolderOpen, LuReceiptText, LuShieldCheck } from '../../components/first-screen-icons';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { pickTone } from '../../components/pick-tone';
import { useSignedIn } from '../../lib/session';

// Only a signed-in user has a menu; its code (menu, avatar, profile dialog) is not part of the first screen.
const UserMenu = lazy(() => import('../../features/auth/UserMenu').then((m) => ({ default: m.UserMenu })));

const links = [
  {
    href: '/',
    label: 'Calculator',
    short: 'Calculator',
    icon: LuCalculator,
    active: (p: string) => p === '/' || p.startsWith('/calculator'),
  },
  {
    href: '/saved-configurations',
    label: 'Saved Configurations',
    short: 'Saved',
    icon: LuFolderOpen,
    active: (p: string) => p.startsWith('/saved-configurations'),
  },
  { href: '/admin/dashboard', label: 'Admin', short: 'Admin', icon: LuShieldCheck, active: (p: string) => p.includes('/admin') },
];

export function Header() {
  const [location] = useLocation();
  const signedIn = useSignedIn();
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky" shadow="xs">
      <Container maxW="7xl" px={{ base: '2', md: '6' }}>
        <Flex h={{ base: '14', md: '16' }} align="center" gap={{ base: '1', md: '6' }}>
          <ChakraLink asChild _hover={{ textDecoration: 'none' }} flexShrink={0} aria-label="Quote Configurator home">
            <Link href="/">
              <HStack gap="2">
                <Flex boxSize="8" rounded="lg" bg="blue.solid" color="white" align="center" justify="center">
                  <Icon as={LuReceiptText} boxSize="4.5" aria-hidden />
                </Flex>
                <Text fontWeight="bold" fontSize="md" color="fg" whiteSpace="nowrap" display={{ base: 'none', lg: 'block' }}>
                  Quote Configurator
                </Text>
              </HStack>
            </Link>
          </ChakraLink>
          <HStack as="nav" aria-label="Main" gap={{ base: '0.5', md: '1' }} flex="1" minW="0" ms={{ base: '1', md: '0' }}>
            {links.map((l) => {
              const active = l.active(location);
              return (
                <ChakraLink
                  asChild
                  key={l.href}
                  px={{ base: '2', md: '3' }}
                  py="1.5"
                  rounded="md"
                  fontSize="sm"
                  fontWeight="medium"
                  whiteSpace="nowrap"
                  gap="1.5"
                  {...pickTone(active)}
                  aria-current={active ? 'page' : undefined}
                >
                  <Link href={l.href} aria-label={l.label}>
                    <Icon as={l.icon} boxSize="4" aria-hidden />
                    <Box as="span" display={{ base: 'none', md: 'inline' }}>
                      {l.label}
                    </Box>
                    <Box as="span" display={{ base: 'inline', md: 'none' }} fontSize="xs">
                      {l.short}
                    </Box>
                  </Link>
                </ChakraLink>
              );
            })}
          </HStack>
          {signedIn && (
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          )}
        </Flex>
      </Container>
    </Box>
  );
}
