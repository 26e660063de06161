// "Send": the quote mailed to the customer from the app (docs/API.md "Sending a quote"). The recipient starts as the
// quote's customer email; cc and a message are optional; the preview is the mail the server would write now, so what
// the salesperson reads is what the customer gets (the PDF is attached). A draft becomes sent. An account that has not
// verified its address is told so, with a way to mail the link again, and cannot send.
import { Box, Dialog, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LuSend } from 'react-icons/lu';
import { sendInput, SEND_MESSAGE_MAX } from '../../../shared/schemas/share';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { notify } from '../toaster';
import { DialogShell, DialogSubmitFooter } from '../DialogShell';
import { UnverifiedSenderNotice } from './UnverifiedSenderNotice';

export interface SendTarget {
  id: number;
  number: string;
  customerEmail: string | null;
}

const sendForm = sendInput.omit({ id: true });

export function SendDialog({ quote, onClose }: { quote: SendTarget | null; onClose: () => void }) {
  const open = quote !== null;
  const utils = trpc.useUtils();
  const form = useForm<z.input<typeof sendForm>, unknown, z.output<typeof sendForm>>({
    resolver: zodResolver(sendForm),
    defaultValues: { to: '', cc: '', message: '' },
  });
  const errors = form.formState.errors;
  const send = trpc.configurations.send.useMutation({
    // refused as unverified while this screen thought otherwise: read the account again, the notice shows
    onError: (err) => {
      if (httpStatusOf(err) === 403) void utils.auth.me.invalidate();
    },
  });
  // Asked again whenever the dialog opens (or the window regains focus): the link may have been opened meanwhile.
  const me = trpc.auth.me.useQuery(undefined, { enabled: open, staleTime: 0, refetchOnWindowFocus: true });
  const unverifiedEmail = me.data?.emailVerified === false ? me.data.email : null;

  useEffect(() => {
    if (quote) {
      form.reset({ to: quote.customerEmail ?? '', cc: '', message: '' });
      send.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote?.id]);

  const message = useDeferredValue(form.watch('message') ?? '');
  const preview = trpc.configurations.sendPreview.useQuery(
    { id: quote?.id ?? 0, message: message.trim() === '' ? null : message },
    { enabled: open, placeholderData: keepPreviousData, retry: false },
  );

  const submit = form.handleSubmit(async (values) => {
    if (!quote) return;
    try {
      const result = await send.mutateAsync({ id: quote.id, to: values.to, cc: values.cc, message: values.message });
      if (result.delivered) notify('success', `${quote.number} sent`, `Mailed to ${[result.to, ...result.cc].join(', ')} with the PDF attached`);
      else notify('error', `${quote.number} not delivered`, 'The mail could not be sent; the link works, copy it from Share. See the Email Logs.');
      void utils.configurations.invalidate();
      onClose();
    } catch {
      /* shown in the dialog */
    }
  });

  return (
    <DialogShell open={open} onClose={onClose} busy={send.isPending} size="lg" tall formProps={{ noValidate: true, onSubmit: (e) => void submit(e) }}>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="12">
        <Dialog.Title>Send {quote?.number}</Dialog.Title>
        <Text textStyle="sm" color="fg.muted">
          Mails the quote with its PDF and a link to accept it online. A draft is marked as sent.
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {unverifiedEmail !== null && <UnverifiedSenderNotice email={unverifiedEmail} />}
          <Field.Root required invalid={!!errors.to}>
            <Field.Label>To</Field.Label>
            <Input type="email" autoComplete="email" placeholder="customer@example.com" {...form.register('to')} />
            <Field.ErrorText>{errors.to?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.cc}>
            <Field.Label>Cc</Field.Label>
            <Input placeholder="Optional; separate addresses with commas" {...form.register('cc')} />
            <Field.ErrorText>{errors.cc?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.message}>
            <Field.Label>Message</Field.Label>
            <Textarea rows={4} maxLength={SEND_MESSAGE_MAX} placeholder="Optional; shown above the quote's figures" {...form.register('message')} />
            <Field.ErrorText>{errors.message?.message}</Field.ErrorText>
          </Field.Root>
          <Box>
            <Text textStyle="sm" fontWeight="medium" mb="1.5">
              Preview
            </Text>
            <Box borderWidth="1px" rounded="l2" bg="bg.subtle" p="3" textStyle="sm" data-testid="send-preview" aria-live="polite">
              {preview.data ? (
                <>
                  <Text color="fg.muted">From {preview.data.from}</Text>
                  <Text fontWeight="semibold" mb="2" overflowWrap="anywhere">
                    {preview.data.subject}
                  </Text>
                  <Text whiteSpace="pre-line" overflowWrap="anywhere" maxH="14rem" overflowY="auto">
                    {preview.data.text}
                  </Text>
                </>
              ) : (
                <Text color="fg.muted">{preview.isError ? errorMessage(preview.error, 'The preview could not be loaded') : 'Loading preview…'}</Text>
              )}
            </Box>
          </Box>
          {send.isError && (
            <Text color="fg.error" textStyle="sm" role="alert">
              {errorMessage(send.error, 'The quote could not be sent.')}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <DialogSubmitFooter onCancel={onClose} pending={send.isPending} disabled={unverifiedEmail !== null}>
        <LuSend /> Send quote
      </DialogSubmitFooter>
    </DialogShell>
  );
}
