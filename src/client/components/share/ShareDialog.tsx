// "Share" on a saved quote (docs/API.md "Share links"): make a link for the customer (a draft becomes sent), copy it
// again at any time, see when it ends, which revision it shows and whether it was opened, revoke it.
import { Alert, Button, Dialog, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuCopy, LuLink, LuTrash2 } from 'react-icons/lu';
import type { QuoteStatus } from '../../../shared/value-sets';
import { errorMessage } from '../../lib/errors';
import { formatAdminDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { copyLink } from '../copy-link';
import { linkBehindLine } from './share-view';
import { notify } from '../toaster';
import { DialogShell } from '../DialogShell';

/** The link ends at the first instant after the quote's last valid day: shown as that day's 23:59. */
const lastMinute = (expiresAt: string) => formatAdminDateTime(new Date(Date.parse(expiresAt) - 60_000).toISOString());

export interface ShareTarget {
  id: number;
  number: string;
  revision: number;
  status: QuoteStatus;
  expired: boolean;
}

export function ShareDialog({ quote, onClose }: { quote: ShareTarget | null; onClose: () => void }) {
  const open = quote !== null;
  const utils = trpc.useUtils();
  const [made, setMade] = useState<{ url: string; expiresAt: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const status = trpc.configurations.shareStatus.useQuery({ id: quote?.id ?? 0 }, { enabled: open });
  const share = trpc.configurations.share.useMutation();
  const revoke = trpc.configurations.unshare.useMutation();
  const live = status.data?.live ?? null;
  const behind = !made && live !== null && quote !== null && live.revision !== quote.revision;
  // The link to copy: one just made, or the live one (shown again: it is derived, not stored).
  const shown = made ?? (live?.url ? { url: live.url, expiresAt: live.expiresAt } : null);

  const close = () => {
    setMade(null);
    setCopied(false);
    share.reset();
    onClose();
  };
  const create = async () => {
    if (!quote) return;
    try {
      const link = await share.mutateAsync({ id: quote.id });
      setMade(link);
      setCopied(false);
      notify('success', 'Share link created', quote.status === 'draft' ? `${quote.number} is now marked as sent` : undefined);
      void utils.configurations.invalidate();
    } catch {
      /* shown in the dialog */
    }
  };
  const runRevoke = async () => {
    if (!quote) return;
    try {
      await revoke.mutateAsync({ id: quote.id });
      setMade(null);
      notify('success', 'Share link revoked');
      void utils.configurations.invalidate();
    } catch (err) {
      notify('error', 'Share link not revoked', errorMessage(err, 'Please try again.'));
    }
  };
  const copy = async (url: string) => {
    if (await copyLink(url)) setCopied(true);
  };

  return (
    <DialogShell open={open} onClose={close} size="lg" contentProps={{ mx: '3' }}>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="12">
        <Dialog.Title>Share {quote?.number}</Dialog.Title>
        <Text textStyle="sm" color="fg.muted">
          Your customer opens the quote from this link, downloads the PDF and accepts or declines it online. No account needed.
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {behind && live && quote && (
            <Alert.Root status="warning" data-testid="share-behind">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{linkBehindLine({ revision: quote.revision, linkRevision: live.revision })}</Alert.Title>
                <Alert.Description>
                  The customer can no longer accept or decline through it. Share revision {quote.revision} to give them a new link; the old link stops
                  working.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {shown && !behind ? (
            <Field.Root readOnly>
              <Field.Label>Link for your customer</Field.Label>
              <HStack w="full" gap="2">
                <Input
                  readOnly
                  value={shown.url}
                  fontFamily="mono"
                  textStyle="sm"
                  data-testid="share-url"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button variant="outline" onClick={() => void copy(shown.url)} flexShrink={0}>
                  {copied ? <LuCheck /> : <LuCopy />} {copied ? 'Copied' : 'Copy'}
                </Button>
              </HStack>
              <Field.HelperText>
                Works until {lastMinute(shown.expiresAt)}, the end of the quote's validity. Copy it as often as you like: it stays the same.
              </Field.HelperText>
            </Field.Root>
          ) : live && !behind ? (
            <Text textStyle="sm" data-testid="share-live">
              A link shared on {formatAdminDateTime(live.sharedAt)} works until {lastMinute(live.expiresAt)}. It was made before links could be shown
              again: create a new link to copy one (the old one stops working).
            </Text>
          ) : !live ? (
            <Text textStyle="sm" color="fg.muted">
              {quote?.status === 'draft' ? 'Creating a link marks this draft as sent.' : 'No link is live for this quote.'}
              {quote?.status === 'accepted' || quote?.status === 'declined' ? ' The customer will see it read-only.' : ''}
            </Text>
          ) : null}
          {live && (
            <Text textStyle="sm" color="fg.muted" data-testid="share-opened">
              Shared on {formatAdminDateTime(live.sharedAt)}
              {live.sentTo ? `, mailed to ${live.sentTo}` : ''}.{' '}
              {live.openedAt ? `The customer opened it on ${formatAdminDateTime(live.openedAt)}.` : 'The customer has not opened it yet.'}
            </Text>
          )}
          {quote?.expired && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>This quote has expired: set a new valid-until date before sharing it.</Alert.Title>
            </Alert.Root>
          )}
          {share.isError && (
            <Text color="fg.error" textStyle="sm" role="alert">
              {errorMessage(share.error, 'The link could not be created.')}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        {(made || live) && (
          <Button variant="ghost" colorPalette="red" onClick={() => void runRevoke()} loading={revoke.isPending}>
            <LuTrash2 /> Revoke
          </Button>
        )}
        <Button
          variant={behind ? 'solid' : 'outline'}
          colorPalette={behind ? 'blue' : undefined}
          onClick={() => void create()}
          loading={share.isPending}
          disabled={quote?.expired}
        >
          <LuLink /> {behind && quote ? `Share revision ${quote.revision}` : made || live ? 'Create new link' : 'Create link'}
        </Button>
        <Button colorPalette="blue" variant={behind ? 'outline' : 'solid'} onClick={close}>
          Done
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
