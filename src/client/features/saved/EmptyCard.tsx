// The saved-configurations page when it has nothing to list: an icon, what is missing and why, and the link on.
import { Button, Card, EmptyState, VStack } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';

export function EmptyCard({
  icon,
  title,
  description,
  action,
  py,
  ...card
}: ComponentProps<typeof Card.Root> & {
  icon: ReactNode;
  title: string;
  description: string;
  action: { href: string; label: ReactNode };
  py: string;
}) {
  return (
    <Card.Root {...card}>
      <EmptyState.Root py={py}>
        <EmptyState.Content>
          <EmptyState.Indicator>{icon}</EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{title}</EmptyState.Title>
            <EmptyState.Description>{description}</EmptyState.Description>
          </VStack>
          <Button asChild colorPalette="blue">
            <Link href={action.href}>{action.label}</Link>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    </Card.Root>
  );
}
