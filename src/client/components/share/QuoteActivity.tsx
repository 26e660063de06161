// A quote's own timeline (CONTRACT §7), oldest first: shown in its History dialog.
import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatAdminDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { timelineText } from './share-view';

export function QuoteActivity({ id, enabled }: { id: number; enabled: boolean }) {
  const activity = trpc.configurations.activity.useQuery({ id }, { enabled });
  if (activity.isLoading) return <Skeleton h="16" />;
  const entries = activity.data ?? [];
  if (entries.length === 0) return <Text color="fg.muted" textStyle="sm">No activity recorded yet.</Text>;
  return (
    <Stack as="ol" gap="2" aria-label="Activity" data-testid="quote-activity">
      {entries.map((e) => {
        const t = timelineText(e);
        return (
          <Box as="li" key={e.id} listStyleType="none" borderStartWidth="2px" borderColor={e.userId === null ? 'green.solid' : 'border'} ps="3">
            <Text textStyle="sm" fontWeight="medium">
              {t.title}
              <Text as="span" color="fg.muted" fontWeight="normal">
                {' '}
                · {e.actor} · {formatAdminDateTime(e.at)}
              </Text>
            </Text>
            {t.detail && (
              <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere">
                {t.detail}
              </Text>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
