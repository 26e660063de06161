// A label beside its value, as a definition list: on a phone each label sits above its value.
import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function DefinitionList({ labelWidth, children }: { labelWidth: string; children: ReactNode }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: `${labelWidth} 1fr` }}
      columnGap="4"
      rowGap={{ base: '0', sm: '1.5' }}
      textStyle="sm"
    >
      {children}
    </Box>
  );
}

export function DefinitionRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box as="dt" color="fg.muted" mt={{ base: '2', sm: '0' }}>
        {label}
      </Box>
      <Box as="dd" overflowWrap="anywhere">
        {children}
      </Box>
    </>
  );
}
