// Pieces the five catalogue tabs share: the catalogue query and its refresh, empty / loading / error states (the tab heading is
// shell-ui's SectionHeader), the progress toast that turns into the result toast, the add / edit form card and the heading
// of an item's card.
import { Box, Button, Card, Center, EmptyState, Field, Flex, HStack, IconButton, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';
import { LuPencil } from 'react-icons/lu';
import { RemoveIconButton } from '../../../components/RemoveIconButton';
import { errorMessage, httpStatusOf } from '../../../lib/errors';
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

/** A name the server refused because another item of the kind has it (409 "A package named X already exists"). */
export interface TakenName {
  name: string;
  message: string;
}

/**
 * The refusal of the last create (`id` undefined) or update of item `id` through `mutation`, for the form of that
 * item to show at its name field (docs/PRODUCT.md "The admin area": names are unique per kind).
 */
export function takenNameOf(mutation: { error: unknown; variables?: unknown }, id?: number): TakenName | undefined {
  if (httpStatusOf(mutation.error) !== 409) return undefined;
  const sent = mutation.variables as { id?: unknown; name?: unknown } | undefined;
  if (typeof sent?.name !== 'string' || sent.id !== id) return undefined;
  return { name: sent.name.trim(), message: errorMessage(mutation.error, 'This name is taken') };
}

/** The refusal while the name field still holds the name refused; gone as soon as it is changed. */
export function takenNameError(taken: TakenName | undefined, typed: string): string | undefined {
  return taken && typed.trim() === taken.name ? taken.message : undefined;
}

/**
 * A money (or percentage) field and a whole-number field: text with the phone's number keypad, read by the shared
 * parsers (docs/PRODUCT.md "Numbers as typed"). Not type=number: the browser's number field reads "12,50" as 1250 in
 * an English locale, drops what it cannot read, and steps values with the mouse wheel.
 */
export const moneyInputProps = { inputMode: 'decimal', autoComplete: 'off' } as const;
export const wholeInputProps = { inputMode: 'numeric', autoComplete: 'off' } as const;

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

/**
 * An add / edit form as a card: its title (the form's name too), the fields (`children`), then Cancel (blocked while
 * saving) and the submit button.
 */
export function CatalogFormCard({
  title,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Card.Root variant="outline" borderColor="blue.muted" shadow="sm">
      <form noValidate aria-label={title} onSubmit={onSubmit}>
        <Card.Header>
          <Card.Title>{title}</Card.Title>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
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
      </form>
    </Card.Root>
  );
}

/** A catalogue card's heading: the name, its description, and the Edit and Delete buttons at its end. */
export function CatalogCardHeader({
  name,
  description,
  onEdit,
  onDelete,
  disabled,
  editDisabled = disabled,
  actionsGap,
}: {
  name: string;
  description: string | null;
  onEdit: () => void;
  onDelete: () => void;
  /** Both buttons off. */
  disabled?: boolean;
  editDisabled?: boolean;
  actionsGap: string;
}) {
  return (
    <Card.Header>
      <Flex justify="space-between" align="flex-start" gap="3">
        <Box minW="0">
          <Card.Title as="h3">{name}</Card.Title>
          {description && <Card.Description mt="1">{description}</Card.Description>}
        </Box>
        <HStack gap={actionsGap} flexShrink={0}>
          <IconButton size="sm" variant="ghost" aria-label={`Edit ${name}`} onClick={onEdit} disabled={editDisabled}>
            <LuPencil />
          </IconButton>
          <RemoveIconButton size="sm" label={`Delete ${name}`} onClick={onDelete} disabled={disabled} />
        </HStack>
      </Flex>
    </Card.Header>
  );
}
