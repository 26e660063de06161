// One email log entry (docs/PRODUCT.md "The admin area"): ids, times, recipient, the linked user, subject, error, metadata as JSON, and
// the HTML content rendered only inside a sandboxed iframe (no scripts, no same-origin, never in the admin page).
import { Badge, Box, Dialog, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DialogCloseFooter } from '../../../components/DialogCloseFooter';
import { formatAdminDateTime } from '../../../lib/format';
import type { RouterOutputs } from '../../../lib/trpc';
import { DetailItem } from '../shared/shell-ui';
import { formatMetadata, mailTypeLabel, statusBadge } from './email-log-view';
import { DialogShell } from '../../../components/DialogShell';

export type EmailLog = RouterOutputs['admin']['emailLogs']['list'][number];

export function EmailLogDetailsDialog({ log, onClose }: { log: EmailLog | null; onClose: () => void }) {
  return (
    <DialogShell open={log !== null} onClose={onClose} size="xl" scrollBehavior="inside" contentProps={{ mx: '3' }}>
      {log && (
        <>
          <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="12">
            <Dialog.Title>Email Log #{log.id}</Dialog.Title>
            <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
              {log.subject}
            </Text>
          </Dialog.Header>
          {/* focusable: a keyboard user scrolls a long log with the arrow keys */}
          <Dialog.Body tabIndex={0}>
            <Stack gap="5">
              <SimpleGrid columns={{ base: 2, md: 3 }} gap="4">
                <DetailItem label="ID">{log.id}</DetailItem>
                <DetailItem label="Type">{mailTypeLabel(log.type)}</DetailItem>
                <DetailItem label="Status">
                  <Badge colorPalette={statusBadge(log.status).colorPalette}>{statusBadge(log.status).label}</Badge>
                </DetailItem>
                <DetailItem label="Created">{formatAdminDateTime(log.createdAt)}</DetailItem>
                <DetailItem label="Sent">{log.sentAt ? formatAdminDateTime(log.sentAt) : 'Not sent'}</DetailItem>
                <DetailItem label="Recipient email">{log.to}</DetailItem>
                {log.user && (
                  <>
                    <DetailItem label="User name">{`${log.user.firstname} ${log.user.lastname}`.trim() || '—'}</DetailItem>
                    <DetailItem label="Company">{log.user.companyName || '—'}</DetailItem>
                    <DetailItem label="Username">{log.user.username}</DetailItem>
                  </>
                )}
              </SimpleGrid>
              <DetailItem label="Subject">{log.subject}</DetailItem>
              {log.error && (
                <DetailItem label="Error">
                  <Text color="fg.error">{log.error}</Text>
                </DetailItem>
              )}
              <DetailItem label="Metadata">
                <Box
                  as="pre"
                  mt="1"
                  bg="bg.muted"
                  rounded="l2"
                  p="3"
                  fontFamily="mono"
                  textStyle="xs"
                  overflowX="auto"
                  whiteSpace="pre"
                  data-testid="email-metadata"
                >
                  {formatMetadata(log.metadata)}
                </Box>
              </DetailItem>
              <DetailItem label="Content">
                <Box mt="1" borderWidth="1px" rounded="l2" overflow="hidden" bg="white">
                  <iframe
                    sandbox=""
                    srcDoc={log.content}
                    title="Email content"
                    style={{ display: 'block', width: '100%', height: '420px', border: 0 }}
                  />
                </Box>
              </DetailItem>
            </Stack>
          </Dialog.Body>
          <DialogCloseFooter onClose={onClose} />
        </>
      )}
    </DialogShell>
  );
}
