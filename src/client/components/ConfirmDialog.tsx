// The one confirmation dialog (deleting a package, add-on, discount, configuration, user, category).
import { Button, Dialog, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogShell } from './DialogShell';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** Defaults to the product's "This action cannot be undone" (docs/PRODUCT.md "The admin area"). */
  description?: ReactNode;
  confirmLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  description = 'This action cannot be undone.',
  confirmLabel = 'Delete',
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <DialogShell open={open} onClose={onClose} busy={pending} role="alertdialog" contentProps={{ maxW: 'md', mx: '4' }}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{typeof description === 'string' ? <Text color="fg.muted">{description}</Text> : description}</Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button colorPalette="red" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
