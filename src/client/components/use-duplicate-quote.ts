// "Duplicate", the same on the calculator and both lists: a new draft owned by whoever asks, priced on today's
// catalogue; the notice names the totals that moved against the source.
import { useCallback } from 'react';
import { errorMessage } from '../lib/errors';
import { formatEuro } from '../lib/format';
import { trpc } from '../lib/trpc';
import { changedTotals } from './quote-status';
import { notify } from './toaster';

type Totals = { id: number; totalMonthly: string; setupFees: string; tcv: string };

export function useDuplicateQuote(onCopied?: (copy: { id: number; number: string }) => void) {
  const utils = trpc.useUtils();
  // mutateAsync is stable (the mutation object is not): `duplicate` keeps its identity while a page re-renders
  const { mutateAsync, isPending } = trpc.configurations.duplicate.useMutation();
  const duplicate = useCallback(
    async (source: Totals) => {
      try {
        const copy = await mutateAsync({ id: source.id });
        const moved = changedTotals(source, copy, (a) => formatEuro(a));
        notify(
          'success',
          `Duplicated as ${copy.number}`,
          moved.length > 0 ? `Priced on today's catalogue. ${moved.join('; ')}` : "Priced on today's catalogue: the totals are unchanged",
        );
        void utils.configurations.invalidate();
        onCopied?.(copy);
      } catch (err) {
        notify('error', 'Duplicate failed', errorMessage(err, 'The quote could not be duplicated'));
      }
    },
    [mutateAsync, utils, onCopied],
  );
  return { duplicate, pending: isPending };
}
