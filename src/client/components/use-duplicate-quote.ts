// "Duplicate", the same on the calculator and both lists (docs/PRODUCT.md "Saved quotes"): a new draft owned by whoever
// asks, priced on today's catalogue, opened in the calculator; the notice names the copy and the totals that moved
// against the source.
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../lib/errors';
import { formatEuro } from '../lib/format';
import { trpc } from '../lib/trpc';
import { changedTotals } from './quote-status';
import { notify } from './toaster';

type Totals = { id: number; totalMonthly: string; setupFees: string; tcv: string };

/**
 * The copy the calculator is about to open. Its "Quote duplicated as Q-000002" says what happened; the calculator's
 * usual "Configuration Loaded" would replace it (one toast at a time) with less.
 */
let openingCopy: number | null = null;

/** Whether quote `id` is being opened because it was just duplicated (answers true once). */
export function takeOpenedCopy(id: number): boolean {
  if (openingCopy !== id) return false;
  openingCopy = null;
  return true;
}

export function useDuplicateQuote() {
  const utils = trpc.useUtils();
  const [, navigate] = useLocation();
  // mutateAsync is stable (the mutation object is not): `duplicate` keeps its identity while a page re-renders
  const { mutateAsync, isPending } = trpc.configurations.duplicate.useMutation();
  const duplicate = useCallback(
    async (source: Totals) => {
      try {
        const copy = await mutateAsync({ id: source.id });
        const moved = changedTotals(source, copy, (a) => formatEuro(a));
        notify(
          'success',
          `Quote duplicated as ${copy.number}`,
          moved.length > 0 ? `Priced on today's catalogue. ${moved.join('; ')}` : "Priced on today's catalogue: the totals are unchanged",
        );
        void utils.configurations.invalidate();
        openingCopy = copy.id;
        navigate(`/calculator/${copy.id}`);
      } catch (err) {
        notify('error', 'Duplicate failed', errorMessage(err, 'The quote could not be duplicated'));
      }
    },
    [mutateAsync, utils, navigate],
  );
  return { duplicate, pending: isPending };
}
