// "Password Reset Link" (docs/PRODUCT.md "The admin area"): generating, then the link with Copy ("Link copied") and its expiry,
// or the inline failure with Retry.
import { Alert, Button, Dialog, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuCheck, LuCopy, LuRefreshCw } from 'react-icons/lu';
import { copyLink } from '../../../components/copy-link';
import { notify } from '../../../components/toaster';
import { errorMessage } from '../../../lib/errors';
import { formatAdminDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import type { AdminUser } from './UserFormDialog';
import { DialogShell } from '../../../components/DialogShell';

export function ResetLinkDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const generate = trpc.admin.users.resetLink.useMutation({
    onSuccess: () => notify('success', 'Reset link generated'),
    onError: (err) => notify('error', `Failed to generate reset link: ${errorMessage(err, 'Please try again.')}`),
  });
  const { mutate, reset } = generate;

  useEffect(() => {
    setCopied(false);
    if (user) mutate({ id: user.id });
    else reset();
  }, [user, mutate, reset]);

  async function copy(link: string) {
    if (await copyLink(link)) setCopied(true);
  }

  return (
    <DialogShell open={user !== null} onClose={onClose} size="lg" contentProps={{ mx: '3' }}>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="12">
        <Dialog.Title>Password Reset Link</Dialog.Title>
        {user && (
          <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
            For {user.username}. Share it with the user by a channel you trust.
          </Text>
        )}
      </Dialog.Header>
      <Dialog.Body>
        {generate.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Failed to generate reset link. Please try again.</Alert.Title>
            </Alert.Content>
          </Alert.Root>
        ) : generate.data ? (
          <Stack gap="3">
            <Field.Root readOnly>
              <Field.Label>Reset link</Field.Label>
              <HStack w="full" gap="2">
                <Input readOnly value={generate.data.resetUrl} fontFamily="mono" textStyle="sm" onFocus={(e) => e.currentTarget.select()} />
                <Button variant="outline" onClick={() => void copy(generate.data.resetUrl)} flexShrink={0}>
                  {copied ? <LuCheck /> : <LuCopy />} {copied ? 'Copied' : 'Copy'}
                </Button>
              </HStack>
            </Field.Root>
            <Text textStyle="sm" color="fg.muted">
              Expires {formatAdminDateTime(generate.data.expiresAt)}. It works once.
            </Text>
          </Stack>
        ) : (
          <HStack gap="3" py="4" aria-busy="true">
            <Spinner size="sm" color="blue.solid" />
            <Text color="fg.muted">Generating reset link...</Text>
          </HStack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        {generate.isError && user && (
          <Button variant="outline" onClick={() => mutate({ id: user.id })}>
            <LuRefreshCw /> Retry
          </Button>
        )}
        <Button colorPalette="blue" onClick={onClose}>
          Done
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
