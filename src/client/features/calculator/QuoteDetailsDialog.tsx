// "Edit quote details": who the quote is for and until when it holds, after it was saved. Neither changes its
// figures or its revision (docs/PRODUCT.md "Saved quotes").
import { Dialog } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { DialogShell, DialogSubmitFooter } from '../../components/DialogShell';
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { quoteFieldsError, quoteFieldsForUpdate, quoteFieldsOf, todayInAmsterdam, type LoadedQuote } from './quote-life';
import { QuoteFieldsSection } from './QuoteFieldsSection';

export function QuoteDetailsDialog({ quote, open, onClose }: { quote: LoadedQuote; open: boolean; onClose: () => void }) {
  const [value, setValue] = useState(() => quoteFieldsOf(quote));
  const [error, setError] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValue(quoteFieldsOf(quote));
      setError(null);
    }
  }
  const utils = trpc.useUtils();
  const update = trpc.configurations.update.useMutation();
  // a validity already past may stay as it is; only a new one must be today or later
  const today = todayInAmsterdam();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = value.validUntil === quote.validUntil ? quoteFieldsError({ ...value, validUntil: '' }, today) : quoteFieldsError(value, today);
    setError(problem);
    if (problem) return;
    try {
      await update.mutateAsync({ id: quote.id, ...quoteFieldsForUpdate(value) });
      notify('success', 'Quote details saved');
      void utils.configurations.invalidate();
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The quote details could not be saved'));
    }
  };
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      closeLabel="Close dialog"
      contentProps={{ maxW: '520px', mx: '3' }}
      formProps={{ onSubmit: submit, noValidate: true }}
    >
      <Dialog.Header flexDirection="column" alignItems="start" gap="1">
        <Dialog.Title>Quote details · {quote.number}</Dialog.Title>
        <Dialog.Description color="fg.muted" fontSize="sm">
          Who the quote is for and until when its prices hold. The figures stay as they are.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <QuoteFieldsSection
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          disabled={update.isPending}
          today={today}
          error={error}
          validityHint="The last day its prices hold"
        />
      </Dialog.Body>
      <DialogSubmitFooter onCancel={onClose} pending={update.isPending}>
        Save details
      </DialogSubmitFooter>
    </DialogShell>
  );
}
