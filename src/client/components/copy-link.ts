import { notify } from './toaster';

/** Copies `text` for the user and says in a toast whether it worked, in the caller's words. */
export async function copyToClipboard(text: string, said: { copied: string; failed: string }): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify('success', said.copied);
    return true;
  } catch {
    notify('error', said.failed);
    return false;
  }
}

/** Copies a link for the user and says whether it worked (a reset link, a share link). */
export function copyLink(url: string): Promise<boolean> {
  return copyToClipboard(url, { copied: 'Link copied', failed: 'Failed to copy the link to clipboard' });
}
