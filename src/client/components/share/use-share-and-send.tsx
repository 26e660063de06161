import { useState } from 'react';
import { useCustomerFirst, type CustomerTarget } from '../CustomerFirstDialog';
import { SendDialog, type SendTarget } from './SendDialog';
import { ShareDialog, type ShareTarget } from './ShareDialog';

/**
 * A list of quotes' Share and Send: Share first asks who a quote is for when it names no one; Send opens at once.
 * Render `dialogs` once.
 */
export function useShareAndSend() {
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const [sending, setSending] = useState<SendTarget | null>(null);
  const shareFirst = useCustomerFirst('share');
  const share = (quote: ShareTarget & CustomerTarget) => shareFirst.ask(quote, () => setSharing(quote));
  const dialogs = (
    <>
      <ShareDialog quote={sharing} onClose={() => setSharing(null)} />
      {shareFirst.dialog}
      <SendDialog quote={sending} onClose={() => setSending(null)} />
    </>
  );
  return { share, send: setSending, dialogs };
}
