// Before a quote without a customer is shared or marked sent: who is it for? The answer is saved on the quote (its
// details, not its figures), then the share or the status change goes on. "Continue without" keeps it a question:
// a quote may go out unnamed (the server accepts it, and scripts do it).
import { Button, Dialog, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { configurationMessages, configurationUpdateInput } from '../../shared/schemas/configuration';
import { errorMessage, UNAVAILABLE_MESSAGE } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { DialogShell } from './DialogShell';
import { hasCustomer } from './quote-status';

export interface CustomerTarget {
  id: number;
  number: string;
  customerCompany?: string | null;
  customerName?: string | null;
  customerEmail?: string | null;
}

/**
 * `ask(quote, go)`: runs `go` at once when the quote names its customer; otherwise asks first and runs it after the
 * customer is saved or the user chose to continue without. Render `dialog` once.
 */
export function useCustomerFirst(purpose: 'share' | 'send') {
  const [pending, setPending] = useState<{ quote: CustomerTarget; go: () => void } | null>(null);
  const ask = (quote: CustomerTarget, go: () => void) => (hasCustomer(quote) ? go() : setPending({ quote, go }));
  const dialog = (
    <CustomerFirstDialog
      target={pending?.quote ?? null}
      purpose={purpose}
      onClose={() => setPending(null)}
      onDone={() => {
        const go = pending?.go;
        setPending(null);
        go?.();
      }}
    />
  );
  return { ask, dialog };
}

function CustomerFirstDialog({
  target,
  purpose,
  onClose,
  onDone,
}: {
  target: CustomerTarget | null;
  purpose: 'share' | 'send';
  onClose: () => void;
  onDone: () => void;
}) {
  const [company, setCompany] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const update = trpc.configurations.update.useMutation();
  const verb = purpose === 'share' ? 'share' : 'mark as sent';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    if (!company.trim() && !name.trim() && !email.trim()) return setError('Enter the customer’s company, name or email');
    if (!configurationUpdateInput.shape.customerEmail.safeParse(email).success) return setError(configurationMessages.customerEmail);
    try {
      await update.mutateAsync({ id: target.id, customerCompany: company.trim(), customerName: name.trim(), customerEmail: email.trim() });
      void utils.configurations.invalidate();
      reset();
      onDone();
    } catch (err) {
      setError(errorMessage(err, UNAVAILABLE_MESSAGE));
    }
  };
  const reset = () => {
    setCompany('');
    setName('');
    setEmail('');
    setError(null);
  };
  return (
    <DialogShell
      open={target !== null}
      onClose={() => (reset(), onClose())}
      role="alertdialog"
      closeLabel="Close dialog"
      contentProps={{ maxW: '480px', mx: '3' }}
      formProps={{ onSubmit: submit, noValidate: true }}
    >
      <Dialog.Header>
        <Dialog.Title>Who is {target?.number ?? 'this quote'} for?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            This quote names no customer yet. Add who it is for before you {verb} it: the PDF and the customer’s page say “Prepared for” them.
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Field.Root>
              <Field.Label>Customer company</Field.Label>
              <Input
                name="customerCompany"
                autoComplete="organization"
                value={company}
                onChange={(e) => (setCompany(e.target.value), setError(null))}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>Contact name</Field.Label>
              <Input name="customerName" autoComplete="name" value={name} onChange={(e) => (setName(e.target.value), setError(null))} />
            </Field.Root>
            <Field.Root gridColumn={{ sm: 'span 2' }}>
              <Field.Label>Contact email</Field.Label>
              <Input
                name="customerEmail"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => (setEmail(e.target.value), setError(null))}
              />
            </Field.Root>
          </SimpleGrid>
          {error && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch">
        <Button variant="ghost" onClick={() => (reset(), onDone())} disabled={update.isPending}>
          Continue without
        </Button>
        <Button type="submit" colorPalette="blue" loading={update.isPending}>
          Save customer and {verb === 'share' ? 'share' : 'mark as sent'}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
