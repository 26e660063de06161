import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';

/** "Load": opens a saved quote in the calculator; one look on the customer's list and in the admin area. */
export function LoadQuoteButton({ id, name }: { id: number; name: string }) {
  return (
    <Button asChild size="xs" colorPalette="blue" variant="subtle">
      <Link href={`/calculator?configId=${id}`} aria-label={`Load ${name}`}>
        Load
      </Link>
    </Button>
  );
}
