import { Box, Container, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Header } from './Header';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <Header />
      <Box as="main" flex="1" w="full" minW="0">
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
