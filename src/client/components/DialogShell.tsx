import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

type RootProps = Omit<ComponentProps<typeof Dialog.Root>, 'open' | 'onOpenChange' | 'children'>;

/**
 * The Chakra shell every dialog shares: centred, a backdrop, the content and the corner close button. `busy` (a save
 * on its way) keeps it open: neither Escape, the backdrop nor the close button dismisses it then. With `formProps` the
 * content itself is the form, so Enter in any field submits and the close button stays inside it. `tall`: the content
 * may be longer than the screen, so it scrolls inside the dialog, which keeps a gutter from the screen's sides.
 */
export function DialogShell({
  open,
  onClose,
  busy = false,
  closeLabel = 'Close',
  positionerProps,
  contentProps,
  formProps,
  tall = false,
  children,
  ...root
}: RootProps & {
  open: boolean;
  onClose: () => void;
  busy?: boolean;
  closeLabel?: string;
  positionerProps?: ComponentProps<typeof Dialog.Positioner>;
  contentProps?: ComponentProps<typeof Dialog.Content>;
  formProps?: ComponentProps<'form'>;
  tall?: boolean;
  children: ReactNode;
}) {
  const inside = (
    <>
      {children}
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={closeLabel} disabled={busy || undefined} />
      </Dialog.CloseTrigger>
    </>
  );
  return (
    <Dialog.Root
      placement="center"
      {...(tall && { scrollBehavior: 'inside' })}
      {...root}
      open={open}
      onOpenChange={(e) => !e.open && !busy && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner {...(tall && { px: '3' })} {...positionerProps}>
          <Dialog.Content {...contentProps} asChild={formProps !== undefined}>
            {formProps ? <form {...formProps}>{inside}</form> : inside}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A form dialog's footer: Cancel (outline, off while saving), then the submit button named `children`. */
export function DialogSubmitFooter({
  onCancel,
  pending,
  disabled,
  pendingLabel,
  colorPalette = 'blue',
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  /** The submit button is off (nothing to submit yet). */
  disabled?: boolean;
  /** While pending the submit button is off and reads this, where it would otherwise show a spinner. */
  pendingLabel?: string;
  colorPalette?: string;
  children: ReactNode;
}) {
  const spinner = pendingLabel === undefined;
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" colorPalette={colorPalette} disabled={disabled || (!spinner && pending)} loading={spinner && pending}>
        {pending && !spinner ? pendingLabel : children}
      </Button>
    </Dialog.Footer>
  );
}
