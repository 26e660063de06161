// What a screen shows when its data could not be loaded: what failed, why (the server's word when it gave one) and a
// Retry that runs the same request again. The page around it (header, navigation) stays.
import { Alert, Button, Stack } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';

export interface RetryPanelProps {
  title: string;
  description: string;
  onRetry: () => unknown;
  retrying?: boolean;
}

export function RetryPanel({ title, description, onRetry, retrying = false }: RetryPanelProps) {
  return (
    <Alert.Root status="error" borderRadius="l3" role="alert" alignItems={{ base: 'flex-start', sm: 'center' }}>
      <Alert.Indicator />
      <Stack direction={{ base: 'column', sm: 'row' }} flex="1" gap="3" align={{ base: 'flex-start', sm: 'center' }} justify="space-between">
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          bg="bg"
          onClick={() => void onRetry()}
          loading={retrying}
          loadingText="Retrying..."
          flexShrink={0}
        >
          <LuRefreshCw aria-hidden /> Retry
        </Button>
      </Stack>
    </Alert.Root>
  );
}
