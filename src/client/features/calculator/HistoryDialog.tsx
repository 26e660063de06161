// A quote's revisions, newest first: when, the three totals, what changed against the one before (inputs and money);
// any one opens read-only.
import { Badge, Box, Button, Dialog, Flex, HStack, List, Separator, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { QuoteActivity } from '../../components/share/QuoteActivity';
import { PAYMENT_FREQUENCY_LABELS } from '../../../shared/labels';
import { formatAdminDateTime, formatEuro } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { DialogCloseFooter } from '../../components/DialogCloseFooter';
import { DialogShell } from '../../components/DialogShell';
import { Money } from '../../components/Money';

const signed = (cents: number) => `${cents > 0 ? '+' : cents < 0 ? '−' : '±'}${formatEuro(Math.abs(cents), { cents: true })}`;
const toCents = (euro: string) => Math.round(Number(euro) * 100);

export function HistoryDialog({ id, number, open, onClose }: { id: number; number: string; open: boolean; onClose: () => void }) {
  const revisions = trpc.configurations.revisions.useQuery({ id }, { enabled: open });
  const [viewing, setViewing] = useState<number | null>(null);
  const list = revisions.data ?? [];
  const close = () => {
    setViewing(null);
    onClose();
  };
  return (
    <DialogShell open={open} onClose={close} closeLabel="Close dialog" scrollBehavior="inside" contentProps={{ maxW: '640px', mx: '3' }}>
      <Dialog.Header flexDirection="column" alignItems="start" gap="1">
        <Dialog.Title>History of {number}</Dialog.Title>
        <Dialog.Description color="fg.muted" fontSize="sm">
          Every re-pricing or change of inputs kept the revision before it.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        {viewing !== null ? (
          <RevisionView id={id} revision={viewing} onBack={() => setViewing(null)} />
        ) : revisions.isLoading ? (
          <Stack gap="3">
            <Skeleton h="20" />
            <Skeleton h="20" />
          </Stack>
        ) : (
          <Stack gap="3" as="ol" aria-label="Revisions">
            {list.map((r, i) => {
              const before = list[i + 1];
              const delta = before ? toCents(r.totalMonthly) - toCents(before.totalMonthly) : 0;
              return (
                <Box as="li" key={r.revision} borderWidth="1px" borderRadius="l2" p="3" listStyleType="none" data-testid="revision">
                  <Flex justify="space-between" gap="3" align="start" wrap="wrap">
                    <HStack gap="2">
                      <Text fontWeight="semibold">Revision {r.revision}</Text>
                      {i === 0 && (
                        <Badge colorPalette="blue" variant="subtle">
                          Current
                        </Badge>
                      )}
                    </HStack>
                    <HStack gap="2">
                      <Text fontSize="sm" color="fg.muted">
                        {formatAdminDateTime(r.createdAt)}
                      </Text>
                      <Button size="xs" variant="outline" onClick={() => setViewing(r.revision)} aria-label={`View revision ${r.revision}`}>
                        View
                      </Button>
                    </HStack>
                  </Flex>
                  <SimpleGrid columns={3} gap="2" mt="2" fontSize="sm">
                    <Figure label="Monthly" value={r.totalMonthly} />
                    <Figure label="Setup" value={r.setupFees} />
                    <Figure label="Contract value" value={r.tcv} />
                  </SimpleGrid>
                  {before && (
                    <List.Root mt="2" fontSize="sm" color="fg.muted" ps="4">
                      {r.changes.map((c) => (
                        <List.Item key={c}>{c}</List.Item>
                      ))}
                      <List.Item>
                        Monthly total {formatEuro(before.totalMonthly)} → {formatEuro(r.totalMonthly)} ({signed(delta)})
                      </List.Item>
                    </List.Root>
                  )}
                </Box>
              );
            })}
          </Stack>
        )}
        {viewing === null && (
          <Stack gap="2" mt="5">
            <Text fontWeight="semibold">Activity</Text>
            <QuoteActivity id={id} enabled={open} />
          </Stack>
        )}
      </Dialog.Body>
      <DialogCloseFooter onClose={close} />
    </DialogShell>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Money value={value} fontWeight="medium" />
    </Stack>
  );
}

/** One revision, read-only: its inputs and its stored figures. */
function RevisionView({ id, revision, onBack }: { id: number; revision: number; onBack: () => void }) {
  const q = trpc.configurations.revision.useQuery({ id, revision });
  const d = q.data;
  return (
    <Stack gap="3" data-testid="revision-view">
      <Flex justify="space-between" align="center">
        <Text fontWeight="semibold">Revision {revision} (read-only)</Text>
        <Button size="xs" variant="ghost" onClick={onBack}>
          ← All revisions
        </Button>
      </Flex>
      {!d ? (
        <Skeleton h="40" />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" fontSize="sm">
            <Row label="Package" value={d.packageName} />
            <Row label={d.pricingModel === 'sqm' ? 'Units' : 'Users'} value={String(d.pricingModel === 'sqm' ? d.squareMeters : d.userCount)} />
            <Row label="Locations" value={String(d.locations)} />
            <Row label="Contract" value={`${d.contractDuration} months, ${PAYMENT_FREQUENCY_LABELS[d.paymentFrequency]}`} />
            <Row label="Add-ons" value={d.addOns.length > 0 ? d.addOns.join(', ') : 'None'} />
            <Row label="Custom items" value={d.customItems.length > 0 ? d.customItems.map((c) => c.name).join(', ') : 'None'} />
          </SimpleGrid>
          <Separator />
          <SimpleGrid columns={3} gap="2" fontSize="sm">
            <Figure label="Monthly" value={d.totalMonthly} />
            <Figure label="Setup" value={d.setupFees} />
            <Figure label="Contract value" value={d.tcv} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}
