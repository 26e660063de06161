import { Center, Spinner } from '@chakra-ui/react';

/** Shown by route guards while the session loads (docs/PRODUCT.md "The calculator"). */
export function PageSpinner() {
  return (
    <Center minH="60vh" aria-busy="true">
      <Spinner size="lg" color="blue.solid" aria-label="Loading" />
    </Center>
  );
}
