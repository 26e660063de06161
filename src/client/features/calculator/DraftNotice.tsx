// Shown when the calculator brought back unsaved work from the last visit: what happened, and the way out.
import { Alert, Button, CloseButton, Stack } from '@chakra-ui/react';
import { LuRotateCcw } from 'react-icons/lu';

export function DraftNotice({ onStartOver, onDismiss }: { onStartOver: () => void; onDismiss: () => void }) {
  return (
    <Alert.Root status="info" borderRadius="l3" role="status" data-testid="draft-notice" alignItems={{ base: 'flex-start', sm: 'center' }}>
      <Alert.Indicator />
      <Stack direction={{ base: 'column', sm: 'row' }} flex="1" gap="3" align={{ base: 'flex-start', sm: 'center' }} justify="space-between">
        <Alert.Content>
          <Alert.Title>Unsaved changes restored</Alert.Title>
          <Alert.Description>Your quote from your last visit is back, as you left it. It is not saved yet.</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" colorPalette="blue" bg="bg" onClick={onStartOver} flexShrink={0}>
          <LuRotateCcw aria-hidden /> Start over
        </Button>
      </Stack>
      <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
    </Alert.Root>
  );
}
