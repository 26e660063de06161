// The toast machinery behind components/toaster.tsx (loaded with the first toast): one toast visible at a time, 5 s
// by default, removed from memory 1000 s after it is dismissed, Alt+T moves focus to it (Ark's default hotkey).
import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';

/**
 * Bottom left: at desk width the quote's totals sit in the summary on the right, where a toast would cover them. The
 * bottom offset is a CSS variable (app/theme.ts) that lifts toasts above the phone's fixed totals bar.
 */
export const toaster = createToaster({
  placement: 'bottom-start',
  offsets: { top: '1rem', left: '1rem', right: '1rem', bottom: 'var(--toast-offset-bottom, 1rem)' },
  max: 1,
  duration: 5000,
  removeDelay: 1_000_000,
  pauseOnPageIdle: true,
});

export type ToastKind = 'success' | 'error' | 'info' | 'loading';

/**
 * One call for every toast the screens show; `error` is the red one. Returns the toast id. The newest
 * message replaces the one showing (docs/PRODUCT.md "The calculator"): with max 1, a dismissed toast would otherwise hold the queue for
 * the whole remove delay (1,000,000 ms), and every later toast would wait that long.
 */
export function show(kind: ToastKind, title: string, description?: string): string {
  toaster.remove();
  return toaster.create({ type: kind, title, description, closable: kind !== 'loading' });
}

/**
 * A toast takes no place in the Tab order (docs/PRODUCT.md "Keyboard"): neither the toast nor its close button is a
 * Tab stop, so Tab never lands on a message that comes and goes. Alt+T (Ark's hotkey) jumps to the region and Escape
 * there dismisses the toast; leaving it sends focus back to where the user was.
 * Ark's region sends focus back to where it came from whenever focus leaves it. That is its Alt+T jump, but focus that
 * arrives otherwise (a click on the toast) must not make the next Tab jump back: such focus never reaches the region's
 * handlers, and the toast waits while it has focus, as it does after Alt+T.
 */
function keepTabOrder(wrapper: HTMLElement | null): (() => void) | undefined {
  if (!wrapper) return undefined;
  let jumped = false;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    toaster.dismiss();
    e.preventDefault();
  };
  const onFocusIn = (e: FocusEvent) => {
    const cameFromOutside = !wrapper.contains(e.relatedTarget as Node | null);
    // Alt+T focuses the region itself: Ark's jump-and-return goes ahead as it is
    if ((e.target as HTMLElement).dataset.part === 'group') jumped = true;
    if (jumped) return;
    e.stopPropagation();
    if (cameFromOutside) toaster.pause();
  };
  const onFocusOut = (e: FocusEvent) => {
    if (wrapper.contains(e.relatedTarget as Node | null)) return;
    if (!jumped) toaster.resume();
    jumped = false;
  };
  wrapper.addEventListener('focusin', onFocusIn, true);
  wrapper.addEventListener('focusout', onFocusOut);
  wrapper.addEventListener('keydown', onKeyDown);
  return () => {
    wrapper.removeEventListener('focusin', onFocusIn, true);
    wrapper.removeEventListener('focusout', onFocusOut);
    wrapper.removeEventListener('keydown', onKeyDown);
  };
}

export function ToasterView() {
  return (
    <Portal>
      {/* An open dialog hides the rest of the page from assistive technology (aria-hidden on body's other children),
          except live announcers: marked as one, a toast raised while a dialog is open ("Share link created", a save
          refused) is still read out, and its close button still has its name. */}
      <div ref={keepTabOrder} style={{ display: 'contents' }} data-live-announcer="">
        <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
          {(toast) => (
            <Toast.Root
              width={{ md: 'sm' }}
              maxW={{ md: '420px' }}
              data-testid="toast"
              tabIndex={-1}
              // A dismissed toast stays mounted for removeDelay; its invisible hover "ghost" must not swallow clicks on
              // whatever lies beneath (a dialog's buttons at the bottom right, the whole width on a phone).
              css={{ '&[data-state=closed], &[data-state=closed] [data-ghost]': { pointerEvents: 'none !important' } }}
            >
              {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {/* full white: Chakra's 0.8 opacity falls below 4.5:1 on the red and green toasts */}
                {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
              </Stack>
              {toast.closable && <Toast.CloseTrigger tabIndex={-1} />}
            </Toast.Root>
          )}
        </ChakraToaster>
      </div>
    </Portal>
  );
}

/** A loading toast that becomes the result toast in place, so the one visible slot is never held by a spinner. */
export function showProgress(title: string): {
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
} {
  toaster.remove(); // as show(): the newest message replaces the one showing
  const id = toaster.create({ type: 'loading', title, closable: false });
  return {
    success(successTitle, description) {
      toaster.update(id, { type: 'success', title: successTitle, description, closable: true, duration: 5000 });
    },
    error(errorTitle, description) {
      toaster.update(id, { type: 'error', title: errorTitle, description, closable: true, duration: 5000 });
    },
  };
}
