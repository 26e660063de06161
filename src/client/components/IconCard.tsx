// A page-sized card led by a round tinted mark and a heading: a page that is not there, a reset link's states. What
// the caller says and offers follows (`children`).
import { Card, Flex, Heading, Icon, Stack } from '@chakra-ui/react';
import type { ComponentProps, ElementType, ReactNode } from 'react';

const LOOKS = {
  centred: { stack: { gap: '4', align: 'center', textAlign: 'center' }, mark: '14', icon: '7', heading: 'xl' },
  start: { stack: { gap: '5' }, mark: '12', icon: '6', heading: '2xl' },
} as const;

export function IconCard({
  icon,
  tone,
  title,
  headingAs,
  look,
  children,
  ...card
}: ComponentProps<typeof Card.Root> & {
  icon: ElementType;
  tone: string;
  title: string;
  headingAs: 'h1' | 'h2';
  look: keyof typeof LOOKS;
  children: ReactNode;
}) {
  const l = LOOKS[look];
  return (
    <Card.Root mx="auto" variant="elevated" rounded="2xl" {...card}>
      <Card.Body p={{ base: '6', md: '8' }}>
        <Stack {...l.stack}>
          <Flex boxSize={l.mark} rounded="full" bg={`${tone}.subtle`} color={`${tone}.fg`} align="center" justify="center">
            <Icon as={icon} boxSize={l.icon} aria-hidden />
          </Flex>
          <Heading as={headingAs} size={l.heading}>
            {title}
          </Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
