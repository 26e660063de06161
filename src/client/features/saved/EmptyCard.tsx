// The saved-configurations page when it has nothing to list: an icon, what is missing and why, and the way on.
import { Card, EmptyState, VStack } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

export function EmptyCard({
  icon,
  title,
  description,
  action,
  py,
  ...card
}: ComponentProps<typeof Card.Root> & { icon: ReactNode; title: string; description: string; action: ReactNode; py: string }) {
  return (
    <Card.Root {...card}>
      <EmptyState.Root py={py}>
        <EmptyState.Content>
          <EmptyState.Indicator>{icon}</EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{title}</EmptyState.Title>
            <EmptyState.Description>{description}</EmptyState.Description>
          </VStack>
          {action}
        </EmptyState.Content>
      </EmptyState.Root>
    </Card.Root>
  );
}
