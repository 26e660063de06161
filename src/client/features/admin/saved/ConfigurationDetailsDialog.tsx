// A saved configuration's details (docs/PRODUCT.md "The admin area"): every field, Close, and Download PDF (the stored quote as a PDF).
import { Badge, Box, Button, Dialog, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { DialogCloseFooter } from '../../../components/DialogCloseFooter';
import { QuoteNumberCell } from '../../../components/QuoteNumberCell';
import { AcceptanceEvidence } from '../../../components/share/AcceptanceEvidence';
import { Money } from '../../../components/Money';
import { notify } from '../../../components/toaster';
import { errorMessage } from '../../../lib/errors';
import { formatAdminDateTime, formatCount } from '../../../lib/format';
import { downloadConfigurationPdf } from '../../../lib/pdf';
import type { RouterOutputs } from '../../../lib/trpc';
import { DetailItem } from '../shared/shell-ui';
import { frequencyLabel, pricingModelLabel, sizeOf } from './saved-labels';
import { DialogShell } from '../../../components/DialogShell';

export type SavedConfiguration = RouterOutputs['configurations']['list']['items'][number];

export function ConfigurationDetailsDialog({ configuration, onClose }: { configuration: SavedConfiguration | null; onClose: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const c = configuration;

  async function download(id: number) {
    setDownloading(true);
    try {
      await downloadConfigurationPdf(id);
    } catch (err) {
      notify('error', 'Failed to download PDF', errorMessage(err, 'The PDF could not be created. Please try again.'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <DialogShell open={c !== null} onClose={onClose} size="lg" scrollBehavior="inside" contentProps={{ mx: '3' }}>
      {c && (
        <>
          <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="12">
            <Dialog.Title overflowWrap="anywhere">{c.name}</Dialog.Title>
            <QuoteNumberCell quote={c} inline />
            <Text textStyle="sm" color="fg.muted">
              Revision {c.revision} · Created by {c.createdBy} · {formatAdminDateTime(c.createdAt)}
            </Text>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="5">
              {(c.customerCompany || c.customerName || c.customerEmail) && (
                <DetailItem label="Prepared for">{[c.customerCompany, c.customerName, c.customerEmail].filter((v) => v).join(' · ')}</DetailItem>
              )}
              <SimpleGrid columns={{ base: 2 }} gap="4">
                <DetailItem label="Package">{c.packageName}</DetailItem>
                <DetailItem label="Contract duration">{c.contractDuration} months</DetailItem>
                <DetailItem label="Locations">{formatCount(c.locations)}</DetailItem>
                <DetailItem label={sizeOf(c).label}>{sizeOf(c).value}</DetailItem>
                <DetailItem label="Payment frequency">{frequencyLabel(c.paymentFrequency)}</DetailItem>
                <DetailItem label="Pricing model">{pricingModelLabel(c.pricingModel ?? 'sqm')}</DetailItem>
              </SimpleGrid>
              <DetailItem label="Selected add-ons">
                {c.addOns.length === 0 ? (
                  <Text color="fg.muted">None</Text>
                ) : (
                  <Flex gap="1.5" wrap="wrap" mt="1">
                    {c.addOns.map((name, i) => (
                      <Badge key={`${name}-${i}`} variant="subtle" colorPalette="blue">
                        {name}
                      </Badge>
                    ))}
                  </Flex>
                )}
              </DetailItem>
              <Box bg="bg.muted" rounded="l2" p="4">
                <Stack gap="2" textStyle="sm">
                  <Flex justify="space-between" gap="3">
                    <Text color="fg.muted">Monthly total</Text>
                    <Money value={c.totalMonthly} fontWeight="medium" data-testid="detail-monthly" />
                  </Flex>
                  <Flex justify="space-between" gap="3">
                    <Text color="fg.muted">Setup fees</Text>
                    <Money value={c.setupFees} fontWeight="medium" data-testid="detail-setup" />
                  </Flex>
                  <Flex justify="space-between" gap="3" borderTopWidth="1px" pt="2" mt="1">
                    <Text fontWeight="semibold">Total contract value</Text>
                    <Money value={c.tcv} fontWeight="bold" data-testid="detail-tcv" />
                  </Flex>
                </Stack>
              </Box>
              {c.acceptance && <AcceptanceEvidence a={c.acceptance} />}
            </Stack>
          </Dialog.Body>
          <DialogCloseFooter onClose={onClose}>
            <Button colorPalette="blue" loading={downloading} onClick={() => void download(c.id)}>
              <LuDownload /> Download PDF
            </Button>
          </DialogCloseFooter>
        </>
      )}
    </DialogShell>
  );
}
