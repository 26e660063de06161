import { Button, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The footer of a dialog that only shows something: Close (outline), then the dialog's own actions (`children`). */
export function DialogCloseFooter({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
      {children}
    </Dialog.Footer>
  );
}
