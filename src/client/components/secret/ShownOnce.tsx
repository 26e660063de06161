// A secret the server shows once (an API key, a webhook's signing secret): the value in full, a Copy button, and a
// plain statement that it will not be shown again.
import { Alert, Button, Code, Flex } from '@chakra-ui/react';
import { LuCopy } from 'react-icons/lu';
import { copyToClipboard } from '../copy-link';

const copy = (value: string, what: string) =>
  copyToClipboard(value, { copied: `${what} copied`, failed: `Failed to copy the ${what.toLowerCase()} to the clipboard` });

/** `label` heads the box; `what` names the secret in the copy toasts ("Key copied"). */
export function ShownOnce({ label, what, value, note }: { label: string; what: string; value: string; note: string }) {
  return (
    <Alert.Root status="success" variant="subtle" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="2" minW="0" flex="1">
        <Alert.Title>{label}</Alert.Title>
        <Alert.Description>{note}</Alert.Description>
        <Flex gap="2" align="center" wrap="wrap" minW="0">
          <Code data-testid="shown-once" px="2" py="1.5" fontSize="sm" wordBreak="break-all" flex="1" minW="0" bg="bg" borderWidth="1px">
            {value}
          </Code>
          <Button size="sm" variant="outline" onClick={() => void copy(value, what)} flexShrink={0}>
            <LuCopy /> Copy
          </Button>
        </Flex>
      </Alert.Content>
    </Alert.Root>
  );
}
