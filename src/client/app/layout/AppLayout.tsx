import { Box, Container, Flex, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Header } from './Header';

const MAIN_ID = 'main-content';

/**
 * The first stop of the Tab order: a keyboard user goes past the header's links and user menu to the page itself.
 * Out of sight until focused; focus is moved by hand, so the address keeps no "#main-content".
 */
function SkipLink() {
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
      position="absolute"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="bg"
      color="blue.fg"
      fontWeight="semibold"
      rounded="l2"
      shadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
      _focus={{ transform: 'none' }}
    >
      Skip to main content
    </Link>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <SkipLink />
      <Header />
      <Box as="main" id={MAIN_ID} tabIndex={-1} flex="1" w="full" minW="0" outline="none">
        <Container maxW="7xl" py={{ base: '5', md: '8' }} px={{ base: '3', md: '6' }}>
          {children}
        </Container>
      </Box>
      <Box as="footer" borderTopWidth="1px" bg="bg" py="5">
        <Container maxW="7xl" px={{ base: '3', md: '6' }}>
          <Text textAlign="center" color="fg.muted" fontSize="sm">
            © {new Date().getFullYear()} Quote Configurator. All rights reserved.
          </Text>
        </Container>
      </Box>
    </Flex>
  );
}
