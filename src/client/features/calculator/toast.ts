// The calculator's toasts. The shared toaster shows one toast at a time and queues the next one until the previous
// is removed, which (with the seed's 1,000,000 ms remove delay) can hold a fresh "Configuration saved" back for a
// long time. Seed 000 §4 wants the newest message visible at once, so the calculator replaces whatever is showing.
import { notify, toaster } from '../../components/toaster';

export function showToast(kind: 'success' | 'error' | 'info', title: string, description?: string): string {
  toaster.remove();
  return notify(kind, title, description);
}
