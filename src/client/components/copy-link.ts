import { notify } from './toaster';

/** Copies a link for the user and says whether it worked (a reset link, a share link). */
export async function copyLink(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    notify('success', 'Link copied');
    return true;
  } catch {
    notify('error', 'Failed to copy the link to clipboard');
    return false;
  }
}
