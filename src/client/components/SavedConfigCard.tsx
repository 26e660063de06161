import { Box, Flex, HStack, Text, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { RouterOutputs } from '../lib/trpc';
import { Money } from './Money';

type SavedConfiguration = RouterOutputs['configurations']['list']['items'][number];

/**
 * One saved quote as a card on a phone (the customer's list and the admin Saved Configs tab): the name (`title`) and
 * the TCV, package · locations · months, the date · author, and the actions (`children`).
 */
export function SavedConfigCard({
  configuration: c,
  title,
  date,
  meta,
  children,
  ...rest
}: {
  configuration: Pick<SavedConfiguration, 'tcv' | 'packageName' | 'locations' | 'contractDuration' | 'createdBy'>;
  title: ReactNode;
  /** the creation date, already formatted for the screen's time zone */
  date: string;
  /** The quote's number, status and validity. */
  meta?: ReactNode;
  children: ReactNode;
} & Omit<BoxProps, 'title' | 'children'>) {
  return (
    <Box borderWidth="1px" rounded="l2" p="3" bg="bg" {...rest}>
      <Flex justify="space-between" align="flex-start" gap="3">
        {title}
        <Money value={c.tcv} fontWeight="semibold" flexShrink={0} />
      </Flex>
      {meta && <Box mt="1">{meta}</Box>}
      <Text textStyle="sm" color="fg.muted" mt="1">
        {c.packageName} · {c.locations} {c.locations === 1 ? 'location' : 'locations'} · {c.contractDuration} months
      </Text>
      <Text textStyle="xs" color="fg.muted">
        {date} · {c.createdBy}
      </Text>
      <HStack gap="2" mt="3" wrap="wrap">
        {children}
      </HStack>
    </Box>
  );
}
