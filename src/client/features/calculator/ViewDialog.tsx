// The calculator's read-only dialogs ("Detailed Price Breakdown", "Pricing Screenshot"): full screen on a phone, a
// scrolling body, Close and the dialog's own actions.
import { Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogCloseFooter } from '../../components/DialogCloseFooter';
import { DialogShell } from '../../components/DialogShell';

export function ViewDialog({
  open,
  onClose,
  title,
  actions,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** buttons after Close */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogShell open={open} onClose={onClose} closeLabel="Close dialog" size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      {/* focusable: a keyboard user scrolls a long breakdown or a tall image with the arrow keys */}
      <Dialog.Body tabIndex={0}>{children}</Dialog.Body>
      <DialogCloseFooter onClose={onClose}>{actions}</DialogCloseFooter>
    </DialogShell>
  );
}
