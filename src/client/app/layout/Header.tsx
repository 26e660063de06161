// Seed 000 §2 "Header and footer": links to the calculator, saved configurations and admin (shown to everyone,
// highlighted on any /admin path), and the user menu.
import { Box, Container, Flex, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import { UserMenu } from '../../features/auth/UserMenu';

const links = [
  { href: '/', label: 'Calculator', active: (p: string) => p === '/' || p.startsWith('/calculator') },
  { href: '/saved-configurations', label: 'Saved Configurations', active: (p: string) => p.startsWith('/saved-configurations') },
  { href: '/admin/dashboard', label: 'Admin', active: (p: string) => p.includes('/admin') },
];

export function Header() {
  const [location] = useLocation();
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" px={{ base: '3', md: '6' }}>
        <Flex h="14" align="center" gap={{ base: '2', md: '6' }}>
          <Text fontWeight="bold" fontSize="md" color="blue.fg" whiteSpace="nowrap" display={{ base: 'none', sm: 'block' }}>
            Quote Configurator
          </Text>
          <HStack as="nav" aria-label="Main" gap={{ base: '1', md: '2' }} flex="1" overflowX="auto">
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
                  color={active ? 'blue.fg' : 'fg.muted'}
                  bg={active ? 'blue.subtle' : undefined}
                  _hover={{ textDecoration: 'none', bg: active ? 'blue.subtle' : 'bg.muted' }}
                  aria-current={active ? 'page' : undefined}
                >
                  <Link href={l.href}>{l.label}</Link>
                </ChakraLink>
              );
            })}
          </HStack>
          <UserMenu />
        </Flex>
      </Container>
    </Box>
  );
}
