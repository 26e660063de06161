// The open quote's life in the calculator: the quote as the server answers it (stored figures, catalogDrift), and
// whether the inputs on screen are still the ones it was loaded or saved with (then its stored figures are shown).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { quoteResultFromJson, type QuoteResult } from '../../../shared/pricing';
import { trpc } from '../../lib/trpc';
import { figuresShown, isReadOnly, type Baseline } from './quote-life';

export function useQuoteLife(configId: number | null, formKey: string) {
  const query = trpc.configurations.get.useQuery({ id: configId ?? 0 }, { enabled: configId !== null });
  const quote = query.data && query.data.id === configId ? query.data : undefined;
  const [baseline, setBaseline] = useState<Baseline | null>(null);
  // set by a load or a save; the next render's inputs are the ones the stored figures belong to
  const pending = useRef(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (pending.current && configId !== null) {
      pending.current = false;
      setBaseline({ id: configId, key: formKey });
    }
  }, [configId, formKey, tick]);
  const markPriced = useCallback(() => {
    pending.current = true;
    setTick((t) => t + 1);
  }, []);
  const figures = figuresShown(quote, configId, baseline, formKey);
  const stored = useMemo<QuoteResult | null>(() => (figures === 'stored' && quote ? quoteResultFromJson(quote.snapshot) : null), [figures, quote]);
  return { quote, figures, stored, readOnly: isReadOnly(quote, configId), markPriced };
}
