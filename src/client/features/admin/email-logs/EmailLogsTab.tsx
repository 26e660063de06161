// Email Logs tab (docs/PRODUCT.md "The admin area"): every mail the app sent or tried to, 10 a page, newest first, with details. On a
// phone the ID and Type columns give way and Details stays in reach, as in the other admin tables.
import { Badge, Box, Button, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuEye, LuMail } from 'react-icons/lu';
import { formatAdminDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { EmptyBlock, QueryStates, Pager, SectionHeader, stickyActions } from '../shared/shell-ui';
import { EmailLogDetailsDialog, type EmailLog } from './EmailLogDetailsDialog';
import { EMAIL_LOGS_PAGE_SIZE, mailTypeLabel, pageOf, recipientOf, statusBadge } from './email-log-view';
import { DataTable } from '../../../components/DataTable';

export function EmailLogsTab() {
  const logs = trpc.admin.emailLogs.list.useQuery(undefined, { staleTime: 0 });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<EmailLog | null>(null);

  return (
    <Box>
      <SectionHeader title="Email Logs" description="Every email the application sent or tried to send, newest first." />
      <QueryStates
        query={logs}
        loading="Loading email logs..."
        failure="Error loading email logs"
        isEmpty={(d) => d.length === 0}
        empty={<EmptyBlock icon={<LuMail />} title="No email logs found" />}
      >
        {(d) => (
          <>
            <DataTable
              framed
              interactive
              minW={{ base: '560px', md: '900px' }}
              head={
                <>
                  <Table.ColumnHeader textAlign="end" hideBelow="md">
                    ID
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  <Table.ColumnHeader>Recipient</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Type</Table.ColumnHeader>
                  <Table.ColumnHeader>Subject</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" {...stickyActions(true)}>
                    Details
                  </Table.ColumnHeader>
                </>
              }
            >
              {pageOf(d, page).map((log) => {
                const recipient = recipientOf(log);
                const badge = statusBadge(log.status);
                return (
                  <Table.Row key={log.id}>
                    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" color="fg.muted" hideBelow="md">
                      {log.id}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                      {formatAdminDateTime(log.createdAt)}
                    </Table.Cell>
                    <Table.Cell maxW="60">
                      {recipient.name ? (
                        <>
                          <Text fontWeight="medium" truncate>
                            {recipient.name}
                          </Text>
                          <Text textStyle="xs" color="fg.muted" truncate>
                            {recipient.address}
                          </Text>
                        </>
                      ) : (
                        <Text truncate>{recipient.address}</Text>
                      )}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" hideBelow="md">
                      <Badge variant="outline">{mailTypeLabel(log.type)}</Badge>
                    </Table.Cell>
                    <Table.Cell maxW="72">
                      <Text truncate title={log.subject}>
                        {log.subject}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={badge.colorPalette}>{badge.label}</Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end" {...stickyActions()}>
                      <Button size="xs" variant="outline" onClick={() => setOpen(log)} aria-label={`View details of email ${log.id}`}>
                        <LuEye />
                        <Box as="span" hideBelow="md">
                          View Details
                        </Box>
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </DataTable>
            <Pager label="Email log pages" page={page} pageSize={EMAIL_LOGS_PAGE_SIZE} total={d.length} onPage={setPage} />
          </>
        )}
      </QueryStates>
      <EmailLogDetailsDialog log={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
