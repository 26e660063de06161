// Webhooks tab (docs/API.md "Webhooks"): the subscriptions, a form to add or change one (the signing secret shown once,
// when it is made), a test ping, and each webhook's deliveries with Resend.
import { Badge, Box, Button, Checkbox, Dialog, Field, Flex, Input, Stack, Switch, Table, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuList, LuPencil, LuPlus, LuRefreshCw, LuSend, LuTrash2, LuWebhook } from 'react-icons/lu';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../../shared/schemas/webhooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DialogCloseFooter } from '../../../components/DialogCloseFooter';
import { DialogShell } from '../../../components/DialogShell';
import { ShownOnce } from '../../../components/secret/ShownOnce';
import { notify } from '../../../components/toaster';
import { errorMessage, inputIssuesOf } from '../../../lib/errors';
import { formatAdminDateTime } from '../../../lib/format';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { EmptyBlock, QueryStates, SectionHeader } from '../shared/shell-ui';
import { deliveryBadge, EVENT_LABELS, lastOutcome } from './webhook-view';
import { DataTable } from '../../../components/DataTable';

type Webhook = RouterOutputs['admin']['webhooks']['list'][number];

export function WebhooksTab() {
  const utils = trpc.useUtils();
  const hooks = trpc.admin.webhooks.list.useQuery(undefined, { staleTime: 0 });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [showing, setShowing] = useState<Webhook | null>(null);
  const refresh = () => utils.admin.webhooks.invalidate();
  const update = trpc.admin.webhooks.update.useMutation({
    onSuccess: refresh,
    onError: (e) => notify('error', 'Could not change the webhook', errorMessage(e, 'Please try again.')),
  });
  const remove = trpc.admin.webhooks.delete.useMutation({
    onSuccess: async () => {
      notify('success', 'Webhook deleted');
      setDeleting(null);
      await refresh();
    },
    onError: (e) => notify('error', 'Could not delete the webhook', errorMessage(e, 'Please try again.')),
  });
  const ping = trpc.admin.webhooks.test.useMutation({
    onSuccess: async (_d, input) => {
      notify('info', 'Test ping queued', 'Its delivery is listed under Deliveries.');
      await utils.admin.webhooks.deliveries.invalidate({ id: input.id });
    },
    onError: (e) => notify('error', 'Could not send the ping', errorMessage(e, 'Please try again.')),
  });

  return (
    <Box>
      <SectionHeader
        title="Webhooks"
        description="Other systems are told about quotes and catalogue changes as they happen: a signed POST to their address."
        actions={
          <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
            <LuPlus /> Add webhook
          </Button>
        }
      />
      <QueryStates
        query={hooks}
        loading="Loading webhooks..."
        failure="Error loading webhooks"
        isEmpty={(d) => d.length === 0}
        empty={
          <EmptyBlock
            icon={<LuWebhook />}
            title="No webhooks yet"
            description="Add one to tell a CRM or billing system when a quote is sent or accepted."
          />
        }
      >
        {(d) => (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Webhooks">
            {d.map((h) => (
              <Box as="li" key={h.id} borderWidth="1px" rounded="l3" p={{ base: '3', md: '4' }}>
                <Flex gap="3" justify="space-between" align="flex-start" direction={{ base: 'column', md: 'row' }}>
                  <Box minW="0" flex="1">
                    <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                      {h.url}
                    </Text>
                    <Wrap gap="1.5" mt="2">
                      {h.events.map((e) => (
                        <Badge key={e} variant="subtle" colorPalette="blue">
                          {e}
                        </Badge>
                      ))}
                    </Wrap>
                    <Text fontSize="xs" color="fg.muted" mt="2">
                      Added {formatAdminDateTime(h.createdAt)}
                    </Text>
                  </Box>
                  <Flex gap="2" wrap="wrap" align="center" flexShrink={0}>
                    <Switch.Root
                      size="sm"
                      checked={h.active}
                      disabled={update.isPending}
                      onCheckedChange={(e) => update.mutate({ id: h.id, active: e.checked })}
                    >
                      <Switch.HiddenInput aria-label={`Active: ${h.url}`} />
                      <Switch.Control />
                      <Switch.Label fontSize="sm">{h.active ? 'Active' : 'Paused'}</Switch.Label>
                    </Switch.Root>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => ping.mutate({ id: h.id })}
                      loading={ping.isPending && ping.variables?.id === h.id}
                    >
                      <LuSend /> Send test
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => setShowing(h)}>
                      <LuList /> Deliveries
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => setEditing(h)} aria-label={`Edit ${h.url}`}>
                      <LuPencil /> Edit
                    </Button>
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(h)} aria-label={`Delete ${h.url}`}>
                      <LuTrash2 />
                    </Button>
                  </Flex>
                </Flex>
              </Box>
            ))}
          </Stack>
        )}
      </QueryStates>
      <WebhookFormDialog webhook={editing} onClose={() => setEditing(null)} />
      <DeliveriesDialog webhook={showing} onClose={() => setShowing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        description="Nothing more is sent to it, and its deliveries are removed. This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

function WebhookFormDialog({ webhook, onClose }: { webhook: Webhook | 'new' | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const isNew = webhook === 'new';
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const done = async () => utils.admin.webhooks.invalidate();
  const create = trpc.admin.webhooks.create.useMutation({
    onSuccess: async (h) => {
      setSecret(h.secret);
      await done();
    },
  });
  const update = trpc.admin.webhooks.update.useMutation({
    onSuccess: async () => {
      notify('success', 'Webhook saved');
      await done();
      onClose();
    },
  });
  const failure = create.error ?? update.error;
  const issue = (path: string) =>
    failure ? inputIssuesOf(failure).find((i) => i.path === path || i.path.startsWith(`${path}.`))?.message : undefined;
  const urlError = issue('url');
  const eventsError = issue('events');
  const otherError = failure && !urlError && !eventsError ? errorMessage(failure, 'Please try again.') : undefined;

  useEffect(() => {
    if (webhook === null) return;
    setUrl(webhook === 'new' ? '' : webhook.url);
    setEvents(webhook === 'new' ? [] : webhook.events);
    setSecret(null);
    create.reset();
    update.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [webhook]);

  const submit = () => {
    if (isNew) create.mutate({ url, events });
    else if (webhook) update.mutate({ id: webhook.id, url, events });
  };
  const toggle = (e: WebhookEvent, on: boolean) => {
    setEvents((list) => (on ? [...list, e] : list.filter((x) => x !== e)));
    create.reset();
    update.reset();
  };

  return (
    <DialogShell open={webhook !== null} onClose={onClose} tall contentProps={{ maxW: 'lg' }}>
      <Dialog.Header>
        <Dialog.Title>{isNew ? 'Add webhook' : 'Edit webhook'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {secret ? (
          <Stack gap="4">
            <ShownOnce
              label="Signing secret"
              what="Signing secret"
              value={secret}
              note="The receiver checks each delivery's webhook-signature header with it (Standard Webhooks). It is shown only this once."
            />
          </Stack>
        ) : (
          <form
            id="webhook-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack gap="5">
              <Field.Root invalid={urlError !== undefined}>
                <Field.Label>Address</Field.Label>
                <Input
                  value={url}
                  onChange={(e) => {
                    setUrl(e.target.value);
                    create.reset();
                    update.reset();
                  }}
                  placeholder="https://crm.example.com/hooks/quotes"
                  inputMode="url"
                />
                <Field.ErrorText>{urlError}</Field.ErrorText>
              </Field.Root>
              <Box as="fieldset" aria-invalid={eventsError !== undefined}>
                <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
                  Events
                </Text>
                <Stack gap="2">
                  {WEBHOOK_EVENTS.map((e) => (
                    <Checkbox.Root
                      key={e}
                      checked={events.includes(e)}
                      onCheckedChange={(c) => toggle(e, c.checked === true)}
                      alignItems="flex-start"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control mt="0.5" />
                      <Checkbox.Label fontWeight="normal">
                        {EVENT_LABELS[e]}{' '}
                        <Text as="span" color="fg.muted" fontFamily="mono" fontSize="xs">
                          {e}
                        </Text>
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
                {eventsError && (
                  <Text color="fg.error" fontSize="xs" mt="1.5">
                    {eventsError}
                  </Text>
                )}
              </Box>
              {otherError && (
                <Text color="fg.error" fontSize="sm" role="alert">
                  {otherError}
                </Text>
              )}
            </Stack>
          </form>
        )}
      </Dialog.Body>
      {secret ? (
        <DialogCloseFooter onClose={onClose} />
      ) : (
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="webhook-form" colorPalette="blue" loading={create.isPending || update.isPending}>
            {isNew ? 'Add webhook' : 'Save changes'}
          </Button>
        </Dialog.Footer>
      )}
    </DialogShell>
  );
}

function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const id = webhook?.id ?? 0;
  const list = trpc.admin.webhooks.deliveries.useQuery(
    { id },
    // while something is on its way, the list follows it
    { enabled: webhook !== null, staleTime: 0, refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 2000 : false) },
  );
  const resend = trpc.admin.webhooks.resend.useMutation({
    onSuccess: async () => {
      notify('info', 'Delivery queued again');
      await utils.admin.webhooks.deliveries.invalidate({ id });
    },
    onError: (e) => notify('error', 'Could not resend', errorMessage(e, 'Please try again.')),
  });

  return (
    <DialogShell open={webhook !== null} onClose={onClose} tall contentProps={{ maxW: '3xl' }}>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
        <Dialog.Title>Deliveries</Dialog.Title>
        <Text fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-all">
          {webhook?.url}
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <QueryStates
          query={list}
          loading="Loading deliveries..."
          failure="Error loading deliveries"
          isEmpty={(d) => d.length === 0}
          empty={<EmptyBlock title="Nothing sent yet" description="Use Send test to check the address." />}
        >
          {(d) => (
            <DataTable
              framed
              minW={{ base: '0', md: '640px' }}
              head={
                <>
                  <Table.ColumnHeader>Event</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" hideBelow="md">
                    Tries
                  </Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Last answer</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Next try</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Box as="span" srOnly>
                      Actions
                    </Box>
                  </Table.ColumnHeader>
                </>
              }
            >
              {d.map((d) => {
                const badge = deliveryBadge(d.status);
                return (
                  <Table.Row key={d.id}>
                    <Table.Cell>
                      <Text fontFamily="mono" fontSize="xs">
                        {d.event}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {formatAdminDateTime(d.createdAt)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={badge.colorPalette}>{badge.label}</Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end" hideBelow="md" fontVariantNumeric="tabular-nums">
                      {d.attempts}
                    </Table.Cell>
                    <Table.Cell hideBelow="md" maxW="48">
                      <Text truncate fontSize="sm" title={lastOutcome(d)}>
                        {lastOutcome(d)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell hideBelow="md" whiteSpace="nowrap" fontSize="sm">
                      {d.nextAttemptAt ? formatAdminDateTime(d.nextAttemptAt) : '—'}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => resend.mutate({ id, deliveryId: d.id })}
                        aria-label={`Resend delivery ${d.id}`}
                      >
                        <LuRefreshCw />
                        <Box as="span" hideBelow="md">
                          Resend
                        </Box>
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </DataTable>
          )}
        </QueryStates>
      </Dialog.Body>
      <DialogCloseFooter onClose={onClose} />
    </DialogShell>
  );
}
