// A page that says what is not there: an orange mark, the heading, then what the caller says and offers (`children`).
import { Card, Flex, Heading, Icon, Stack } from '@chakra-ui/react';
import type { ComponentProps, ElementType, ReactNode } from 'react';

export function NotFoundCard({
  icon,
  title,
  headingAs,
  children,
  ...card
}: ComponentProps<typeof Card.Root> & { icon: ElementType; title: string; headingAs: 'h1' | 'h2'; children: ReactNode }) {
  return (
    <Card.Root mx="auto" variant="elevated" rounded="2xl" {...card}>
      <Card.Body p={{ base: '6', md: '8' }}>
        <Stack gap="4" align="center" textAlign="center">
          <Flex boxSize="14" rounded="full" bg="orange.subtle" color="orange.fg" align="center" justify="center">
            <Icon as={icon} boxSize="7" aria-hidden />
          </Flex>
          <Heading as={headingAs} size="xl">
            {title}
          </Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
