// Add / edit dialog of an add-on category: name, "allows multiple selection" and the icon. Validated with the
// shared schema; a failure is the toast "Validation Error" with the first problem (docs/PRODUCT.md "The admin area").
import { Dialog, Field, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { DialogShell, DialogSubmitFooter } from '../../../components/DialogShell';
import { useId, useState, type FormEvent } from 'react';
import type { CategoryDto } from '../../../lib/catalog-types';
import { createCategoryInput, type CategoryIcon } from '../../../../shared/schemas/catalog-admin';
import { notify } from '../../../components/toaster';
import { IconPicker } from './IconPicker';
import { takenNameError, type TakenName } from '../shared/catalog-ui';

export interface CategoryDraft {
  name: string;
  allowsMultipleSelection: boolean;
  icon: CategoryIcon | null;
}

export function CategoryDialog({
  open,
  category,
  pending,
  taken,
  onSave,
  onClose,
}: {
  open: boolean;
  /** null: add a new category. */
  category: CategoryDto | null;
  pending: boolean;
  /** The server refused this name: another category has it. */
  taken?: TakenName | undefined;
  onSave: (draft: CategoryDraft) => void;
  onClose: () => void;
}) {
  return (
    <DialogShell open={open} onClose={onClose} busy={pending} size="lg" scrollBehavior="inside">
      {open && (
        <CategoryDialogBody key={category?.id ?? 'new'} category={category} pending={pending} taken={taken} onSave={onSave} onClose={onClose} />
      )}
    </DialogShell>
  );
}

function CategoryDialogBody({
  category,
  pending,
  taken,
  onSave,
  onClose,
}: {
  category: CategoryDto | null;
  pending: boolean;
  taken: TakenName | undefined;
  onSave: (draft: CategoryDraft) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<{ name: string; allowsMultipleSelection: boolean; icon: string | null }>({
    name: category?.name ?? '',
    allowsMultipleSelection: category?.allowsMultipleSelection ?? false,
    icon: category?.icon ?? null,
  });
  const iconLabelId = useId();
  const nameError = takenNameError(taken, draft.name);

  function submit(e: FormEvent) {
    e.preventDefault();
    const r = createCategoryInput.safeParse(draft);
    if (!r.success) {
      notify('error', 'Validation Error', r.error.issues[0]?.message);
      return;
    }
    onSave({ name: r.data.name, allowsMultipleSelection: r.data.allowsMultipleSelection, icon: r.data.icon });
  }

  const title = category ? 'Edit Category' : 'Add Category';
  return (
    <form noValidate aria-label={title} onSubmit={submit} style={{ display: 'contents' }}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <Field.Root invalid={nameError !== undefined}>
            <Field.Label>Category Name</Field.Label>
            <Input value={draft.name} placeholder="e.g. Integrations" onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
            {nameError && <Field.ErrorText>{nameError}</Field.ErrorText>}
          </Field.Root>
          <Switch.Root
            checked={draft.allowsMultipleSelection}
            onCheckedChange={(e) => setDraft({ ...draft, allowsMultipleSelection: e.checked })}
            alignItems="flex-start"
            colorPalette="blue"
          >
            <Switch.HiddenInput />
            <Switch.Control mt="0.5">
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>
              <Text>Allow multiple selections</Text>
              <Text textStyle="xs" color="fg.muted" fontWeight="normal">
                On: customers tick any number (checkboxes). Off: they pick one (radio buttons).
              </Text>
            </Switch.Label>
          </Switch.Root>
          <Stack gap="2">
            <Text id={iconLabelId} fontWeight="medium" textStyle="sm">
              Icon
            </Text>
            <IconPicker labelId={iconLabelId} value={draft.icon} onChange={(icon) => setDraft({ ...draft, icon })} />
          </Stack>
        </Stack>
      </Dialog.Body>
      <DialogSubmitFooter onCancel={onClose} pending={pending}>
        {category ? 'Save Changes' : 'Add Category'}
      </DialogSubmitFooter>
    </form>
  );
}
