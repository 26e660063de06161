// @vitest-environment jsdom
// A toast on screen is one more stop in the page's tab order, never a loop: Tab goes on past it, Shift+Tab back.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render';
import { findToast } from '../test/server-fetch';
import { ConfirmDialog } from './ConfirmDialog';
import { notify } from './toaster';

/** What has focus, as a screen reader would name it; the end of the page (where jsdom's Tab order wraps) by name. */
function focusName(): string {
  const el = document.activeElement;
  if (!el || el === document.body) return '(end of the page)';
  return el.getAttribute('aria-label') || el.textContent || el.tagName;
}

describe('a toast and the keyboard', () => {
  it('takes no place in the Tab order: neither the toast nor its close button is a Tab stop', async () => {
    const { user } = await renderUi(
      <>
        <button type="button">Before</button>
        <button type="button">Last on the page</button>
      </>,
    );
    notify('success', 'Login successful');
    const toast = await findToast('Login successful');

    screen.getByRole('button', { name: 'Last on the page' }).focus();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      await user.tab();
      // Ark sends focus back on the next microtask; give it the chance it has in a browser
      await new Promise((r) => setTimeout(r, 0));
      seen.push(focusName());
      expect(toast.contains(document.activeElement)).toBe(false);
    }
    // the order wraps to the top of the page, as it does without a toast
    expect(seen).toEqual(['(end of the page)', 'Before', 'Last on the page']);
    await user.tab({ shift: true });
    expect(focusName()).toBe('Before');
    // the close button still has its name, for a pointer and for a screen reader
    expect(screen.getByRole('button', { name: 'Dismiss notification' }).tabIndex).toBe(-1);
  });

  it('Escape dismisses it after Alt+T, and focus goes back to where the user was', async () => {
    const { user } = await renderUi(<button type="button">On the page</button>);
    notify('info', 'Still here');
    const toast = await findToast('Still here');
    screen.getByRole('button', { name: 'On the page' }).focus();
    await user.keyboard('{Alt>}t{/Alt}');
    await waitFor(() => expect(document.activeElement?.contains(toast)).toBe(true));
    await waitFor(() => expect(toast.hasAttribute('data-paused')).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(toast.getAttribute('data-state')).toBe('closed'));
  });

  it('Alt+T still jumps to the toast, and leaving it returns focus to where the user was', async () => {
    const { user } = await renderUi(
      <>
        <button type="button">Working here</button>
        <button type="button">Next</button>
      </>,
    );
    notify('success', 'Saved');
    const toast = await findToast('Saved');
    screen.getByRole('button', { name: 'Working here' }).focus();
    await user.keyboard('{Alt>}t{/Alt}');
    await waitFor(() => expect(document.activeElement?.contains(toast)).toBe(true));
    // nothing in the toast is a Tab stop: the first Tab leaves it, and Ark returns focus
    await user.tab();
    await waitFor(() => expect(focusName()).toBe('Working here'));
  });
});

describe('a toast over an open dialog', () => {
  it('is still read out and can be dismissed: the dialog hides the page behind it, not the toast', async () => {
    const { user } = await renderUi(
      <>
        <p>The page behind</p>
        <ConfirmDialog open title="Delete Acme?" onConfirm={() => undefined} onClose={() => undefined} />
      </>,
    );
    await screen.findByRole('alertdialog', { name: 'Delete Acme?' });
    // the dialog has hidden the page from assistive technology (it does so a frame after opening)
    await waitFor(() => expect(screen.getByText('The page behind').closest('[aria-hidden="true"]')).not.toBeNull());
    notify('error', 'Could not delete', 'The server is busy.');
    const toast = await findToast('Could not delete');
    expect(toast.closest('[aria-hidden="true"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(toast.getAttribute('data-state')).toBe('closed'));
  });
});
