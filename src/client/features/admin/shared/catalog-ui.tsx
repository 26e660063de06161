// Pieces the five catalogue tabs share: the catalogue query and its refresh, empty / loading / error states (the tab heading is
// shell-ui's SectionHeader), and the progress toast that turns into the result toast.
import { Button, Card, Center, EmptyState, Field, Flex, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';

export function useCatalog() {
  return trpc.catalog.all.useQuery();
}

/** After every write: every `catalog.*` query (the calculator's too) is read again. */
export function useRefreshCatalog() {
  const utils = trpc.useUtils();
  return () => utils.catalog.invalidate();
}

export function CatalogEmpty({ icon, title, description, action }: { icon?: ReactNode; title: string; description?: string; action?: ReactNode }) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="l3" bg="bg.subtle">
      <EmptyState.Content>
        {icon && <EmptyState.Indicator>{icon}</EmptyState.Indicator>}
        <VStack textAlign="center">
          <EmptyState.Title textStyle="md">{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function CatalogLoading({ label = 'Loading catalogue...' }: { label?: string }) {
  return (
    <Center py="16" aria-busy="true">
      <Stack align="center" gap="3">
        <Spinner color="blue.solid" aria-label={label} />
        <Text color="fg.muted" textStyle="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function CatalogLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Center py="12">
      <Stack align="center" gap="3" role="alert">
        <Text color="fg.error">Failed to load the catalogue: {errorMessage(error, 'Please try again.')}</Text>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Center>
  );
}

export { progressToast } from '../../../components/toaster';

/** A money or quantity input's common attributes: decimal, min 0, step 0.01 (docs/PRODUCT.md "The admin area"). */
export const moneyInputProps = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const;

/** A labelled form field with its error under it (Chakra's Field wires label, input and message together). */
export function CatalogField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {children}
      {hint && !error && <Field.HelperText>{hint}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** The add / edit forms' footer: Cancel (blocked while saving) and the submit button. */
export function CatalogFormFooter({ submitLabel, pending, onCancel }: { submitLabel: string; pending: boolean; onCancel: () => void }) {
  return (
    <Card.Footer>
      <Flex gap="2" justify="flex-end" w="full">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="blue" loading={pending}>
          {submitLabel}
        </Button>
      </Flex>
    </Card.Footer>
  );
}
