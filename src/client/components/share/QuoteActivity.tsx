// A quote's own timeline, oldest first: shown in its History dialog. Read a page at a time (the server answers at most
// ACTIVITY_PAGE entries per call); "Show more" reads the next page below the ones shown.
import { Box, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatAdminDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { moreActivity, timelineText } from './share-view';

/** Entries per call: the server's default page. */
export const ACTIVITY_PAGE = 50;

export function QuoteActivity({ id, enabled }: { id: number; enabled: boolean }) {
  const [pages, setPages] = useState(1);
  const first = trpc.configurations.activity.useQuery({ id, page: 1, limit: ACTIVITY_PAGE }, { enabled });
  if (first.isLoading) return <Skeleton h="16" />;
  const total = first.data?.total ?? 0;
  if (total === 0)
    return (
      <Text color="fg.muted" textStyle="sm">
        No activity recorded yet.
      </Text>
    );
  return (
    <Stack gap="2">
      <Stack as="ol" gap="2" aria-label="Activity" data-testid="quote-activity">
        {Array.from({ length: pages }, (_, i) => (
          <ActivityPage key={i + 1} id={id} page={i + 1} enabled={enabled} />
        ))}
      </Stack>
      {moreActivity(total, pages, ACTIVITY_PAGE) > 0 && (
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setPages(pages + 1)}>
          Show {moreActivity(total, pages, ACTIVITY_PAGE)} more
        </Button>
      )}
    </Stack>
  );
}

function ActivityPage({ id, page, enabled }: { id: number; page: number; enabled: boolean }) {
  const activity = trpc.configurations.activity.useQuery({ id, page, limit: ACTIVITY_PAGE }, { enabled });
  if (activity.isLoading) return <Skeleton as="li" h="8" />;
  return (
    <>
      {(activity.data?.items ?? []).map((e) => {
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
    </>
  );
}
