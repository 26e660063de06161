import { Box, Container, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Header } from './Header';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <Header />
      <Box as="main" flex="1" w="full">
        <Container maxW="7xl" py={{ base: '5', md: '8' }} px={{ base: '3', md: '6' }}>
          {children}
        </Container>
      </Box>
      <Box as="footer" borderTopWidth="1px" bg="bg" textAlign="center" py="5" color="fg.muted" fontSize="sm">
        © {new Date().getFullYear()} Quote Configurator. All rights reserved.
      </Box>
    </Flex>
  );
}
