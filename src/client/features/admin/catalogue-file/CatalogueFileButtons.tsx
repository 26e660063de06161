// Export / Import of the catalogue as a file (docs/API.md "The catalogue as a file"). Import reads a file, shows what
// it would change (the server's dry run, or every problem it found) and changes the catalogue only on Apply.
import { Badge, Box, Button, Dialog, FileUpload, Flex, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload, LuFileUp, LuUpload } from 'react-icons/lu';
import { DialogShell } from '../../../components/DialogShell';
import { notify } from '../../../components/toaster';
import { errorMessage, inputIssuesOf, type InputIssue } from '../../../lib/errors';
import { saveBlob } from '../../../lib/save-file';
import { trpc } from '../../../lib/trpc';
import { exportFileName, KIND_LABEL, summaryLines, type ImportResult, type SummaryLine } from './import-summary';

export function CatalogueFileButtons() {
  const utils = trpc.useUtils();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      const file = await utils.admin.catalogue.export.fetch(undefined, { staleTime: 0 });
      saveBlob(new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }), exportFileName(new Date()));
    } catch (error) {
      notify('error', 'Export failed', errorMessage(error, 'Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => void download()} loading={exporting}>
        <LuDownload /> Export catalogue
      </Button>
      <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
        <LuUpload /> Import catalogue
      </Button>
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}

type Stage =
  | { step: 'choose'; problem?: string }
  | { step: 'checked'; file: unknown; name: string; result: ImportResult }
  | { step: 'problems'; name: string; issues: InputIssue[]; message: string };

function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const check = trpc.admin.catalogue.import.useMutation();
  const apply = trpc.admin.catalogue.import.useMutation({
    onSuccess: async () => {
      notify('success', 'Catalogue imported');
      await utils.invalidate();
      close();
    },
    onError: (e) => notify('error', 'Import failed', errorMessage(e, 'Nothing was changed. Please try again.')),
  });

  const close = () => {
    setStage({ step: 'choose' });
    check.reset();
    onClose();
  };

  const read = async (file: File) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setStage({ step: 'choose', problem: `${file.name} is not a JSON file.` });
      return;
    }
    check.mutate(
      { catalogue: parsed, dryRun: true },
      {
        onSuccess: (result) => setStage({ step: 'checked', file: parsed, name: file.name, result }),
        onError: (e) =>
          setStage({ step: 'problems', name: file.name, issues: inputIssuesOf(e), message: errorMessage(e, 'The file could not be checked.') }),
      },
    );
  };

  const lines = stage.step === 'checked' ? summaryLines(stage.result, stage.file) : [];

  return (
    <DialogShell open={open} onClose={close} busy={apply.isPending} tall contentProps={{ maxW: 'lg' }}>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
        <Dialog.Title>Import catalogue</Dialog.Title>
        <Text color="fg.muted" fontSize="sm">
          The catalogue becomes exactly what the file holds: items are matched by name, and what the file leaves out is deleted. Saved quotes keep
          their figures.
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FileUpload.Root accept={['application/json', '.json']} maxFiles={1} onFileAccept={(e) => e.files[0] && void read(e.files[0])}>
            <FileUpload.HiddenInput aria-label="Catalogue file" />
            <FileUpload.Trigger asChild>
              <Button variant="outline" size="sm" loading={check.isPending} loadingText="Checking...">
                <LuFileUp /> {stage.step === 'choose' ? 'Choose a file' : 'Choose another file'}
              </Button>
            </FileUpload.Trigger>
          </FileUpload.Root>
          {stage.step === 'choose' && stage.problem && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {stage.problem}
            </Text>
          )}
          {stage.step === 'problems' && (
            <Box borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="l2" p="3" role="alert">
              <Text fontWeight="semibold" color="fg.error">
                {stage.name} cannot be imported; nothing was changed.
              </Text>
              {stage.issues.length > 0 ? (
                <List.Root mt="2" gap="1" fontSize="sm" ps="4">
                  {stage.issues.map((i, n) => (
                    <List.Item key={n}>
                      <Text as="span" fontFamily="mono" fontSize="xs">
                        {i.path}
                      </Text>
                      : {i.message}
                    </List.Item>
                  ))}
                </List.Root>
              ) : (
                <Text fontSize="sm" mt="1">
                  {stage.message}
                </Text>
              )}
            </Box>
          )}
          {stage.step === 'checked' && (
            <Box data-testid="import-summary">
              <Text fontWeight="semibold" mb="2">
                {lines.length === 0 ? `${stage.name} matches the catalogue: nothing to change.` : `Importing ${stage.name} would make these changes:`}
              </Text>
              <Stack gap="3">
                {lines.map((l) => (
                  <SummaryEntry key={`${l.list}-${l.kind}`} line={l} />
                ))}
              </Stack>
            </Box>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={close} disabled={apply.isPending}>
          Cancel
        </Button>
        <Button
          colorPalette="blue"
          disabled={stage.step !== 'checked' || lines.length === 0}
          loading={apply.isPending}
          onClick={() => stage.step === 'checked' && apply.mutate({ catalogue: stage.file, dryRun: false })}
        >
          Apply
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}

/** How many changed items of one list the dialog spells out; the rest are counted. */
const SHOWN_ITEMS = 25;

/** One line of the summary: new or deleted items by name; changed items each with the fields that change. */
function SummaryEntry({ line }: { line: SummaryLine }) {
  const badge = (
    <Badge colorPalette={line.kind === 'deleted' ? 'red' : line.kind === 'created' ? 'green' : 'blue'} flexShrink={0}>
      {KIND_LABEL[line.kind]}
    </Badge>
  );
  if (!line.items) {
    return (
      <Flex gap="2" align="baseline" wrap="wrap" fontSize="sm">
        {badge}
        <Text minW="0" overflowWrap="anywhere">
          <Text as="span" fontWeight="medium">
            {line.list}:
          </Text>{' '}
          {line.names.join(', ')}
        </Text>
      </Flex>
    );
  }
  const rest = line.items.length - SHOWN_ITEMS;
  return (
    <Box fontSize="sm">
      <Flex gap="2" align="baseline">
        {badge}
        <Text fontWeight="medium">{line.list}</Text>
      </Flex>
      <List.Root mt="1.5" gap="2" ps="4" listStyleType="none" aria-label={`${line.list} that change`}>
        {line.items.slice(0, SHOWN_ITEMS).map((item) => (
          <List.Item key={item.name} display="block" borderStartWidth="2px" borderColor="blue.muted" ps="3">
            <Text fontWeight="medium" overflowWrap="anywhere">
              {item.name}
            </Text>
            {item.lines.map((text) => (
              <Text key={text} color="fg.muted" fontSize="xs" fontVariantNumeric="tabular-nums" overflowWrap="anywhere">
                {text}
              </Text>
            ))}
          </List.Item>
        ))}
        {rest > 0 && (
          <List.Item display="block" color="fg.muted" fontSize="xs" ps="3">
            … and {rest.toLocaleString('en-GB')} more
          </List.Item>
        )}
      </List.Root>
    </Box>
  );
}
