import { Card, Heading, Text } from '@chakra-ui/react';

export function NotFoundPage() {
  return (
    <Card.Root maxW="md" mx="auto" mt="16">
      <Card.Body>
        <Heading size="lg">404 Page Not Found</Heading>
        <Text mt="4" color="gray.600">
          Did you forget to add the page to the router?
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
