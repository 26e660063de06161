// API keys for scripts (docs/API.md "API keys"): the signed-in user's keys, a form to make one (shown once, with a Copy
// button) and Revoke. Loaded only when opened from the user menu.
import { Badge, Box, Button, Dialog, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuKeyRound, LuTrash2 } from 'react-icons/lu';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../shared/schemas/api-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DialogCloseFooter } from '../../components/DialogCloseFooter';
import { DialogShell } from '../../components/DialogShell';
import { NativeOptionSelect } from '../../components/OptionSelect';
import { ShownOnce } from '../../components/secret/ShownOnce';
import { notify } from '../../components/toaster';
import { errorMessage, inputIssuesOf } from '../../lib/errors';
import { formatAdminDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';

const SCOPE_LABEL: Record<ApiKeyScope, string> = { read: 'Read only', write: 'Read and write' };
const SCOPE_OPTIONS = API_KEY_SCOPES.map((value) => ({ value, label: SCOPE_LABEL[value] }));

export default function ApiKeysDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const keys = trpc.auth.apiKeys.list.useQuery(undefined, { enabled: open, staleTime: 0 });
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  const create = trpc.auth.apiKeys.create.useMutation({
    onSuccess: async (key) => {
      setMade({ name: key.name, key: key.key });
      setName('');
      await utils.auth.apiKeys.list.invalidate();
    },
  });
  const revoke = trpc.auth.apiKeys.revoke.useMutation({
    onSuccess: async () => {
      notify('success', 'API key revoked');
      setRevoking(null);
      await utils.auth.apiKeys.list.invalidate();
    },
    onError: (err) => notify('error', 'Could not revoke the key', errorMessage(err, 'Please try again.')),
  });
  const nameError = create.error
    ? (inputIssuesOf(create.error).find((i) => i.path === 'name')?.message ?? errorMessage(create.error, 'Please try again.'))
    : undefined;

  const close = () => {
    setMade(null);
    create.reset();
    onClose();
  };

  return (
    <>
      <DialogShell open={open} onClose={close} tall contentProps={{ maxW: 'lg' }}>
        <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
          <Dialog.Title>API keys</Dialog.Title>
          <Text color="fg.muted" fontSize="sm">
            A key lets a script or another system use the API as you, with your role. Send it as{' '}
            <Text as="span" fontFamily="mono" fontSize="xs">
              Authorization: Bearer &lt;key&gt;
            </Text>
            . Every key ends when your password changes.
          </Text>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="5">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                create.mutate({ name, scope });
              }}
            >
              <Stack gap="3">
                <Field.Root invalid={nameError !== undefined}>
                  <Field.Label>Name</Field.Label>
                  <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. CRM sync" maxLength={100} />
                  <Field.ErrorText>{nameError}</Field.ErrorText>
                </Field.Root>
                <Flex gap="3" align={{ base: 'stretch', sm: 'flex-end' }} direction={{ base: 'column', sm: 'row' }}>
                  <Field.Root flex="1">
                    <Field.Label>Access</Field.Label>
                    <NativeOptionSelect options={SCOPE_OPTIONS} field={{ value: scope, onChange: (e) => setScope(e.target.value as ApiKeyScope) }} />
                  </Field.Root>
                  <Button type="submit" colorPalette="blue" loading={create.isPending} flexShrink={0}>
                    <LuKeyRound /> Create key
                  </Button>
                </Flex>
              </Stack>
            </form>
            {made && (
              <ShownOnce
                label={`Key "${made.name}" created`}
                what="Key"
                value={made.key}
                note="Copy it now and keep it somewhere safe: it is shown only this once."
              />
            )}
            <Box>
              <Text fontWeight="semibold" mb="2">
                Your keys
              </Text>
              {keys.isPending ? (
                <Text color="fg.muted" fontSize="sm">
                  Loading your keys...
                </Text>
              ) : keys.isError ? (
                <Text color="fg.error" fontSize="sm" role="alert">
                  Error loading your keys: {errorMessage(keys.error, 'Please try again.')}
                </Text>
              ) : keys.data.length === 0 ? (
                <Text color="fg.muted" fontSize="sm">
                  You have no API keys yet.
                </Text>
              ) : (
                <Stack as="ul" gap="2" listStyleType="none" aria-label="Your API keys">
                  {keys.data.map((k) => (
                    <Flex as="li" key={k.id} gap="3" align="center" justify="space-between" borderWidth="1px" rounded="l2" px="3" py="2.5">
                      <Box minW="0">
                        <HStack gap="2" wrap="wrap">
                          <Text fontWeight="medium" truncate>
                            {k.name}
                          </Text>
                          <Badge colorPalette={k.scope === 'write' ? 'orange' : 'gray'}>{SCOPE_LABEL[k.scope]}</Badge>
                        </HStack>
                        <Text fontSize="xs" color="fg.muted" mt="0.5">
                          <Text as="span" fontFamily="mono">
                            {k.prefix}…
                          </Text>{' '}
                          · created {formatAdminDateTime(k.createdAt)} ·{' '}
                          {k.lastUsedAt ? `last used ${formatAdminDateTime(k.lastUsedAt)}` : 'never used'}
                        </Text>
                      </Box>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setRevoking({ id: k.id, name: k.name })}
                        aria-label={`Revoke ${k.name}`}
                        flexShrink={0}
                      >
                        <LuTrash2 />
                        <Box as="span" hideBelow="sm">
                          Revoke
                        </Box>
                      </Button>
                    </Flex>
                  ))}
                </Stack>
              )}
            </Box>
          </Stack>
        </Dialog.Body>
        <DialogCloseFooter onClose={close} />
      </DialogShell>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke "${revoking?.name ?? ''}"?`}
        description="Scripts using this key stop working at once. This action cannot be undone."
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
