// What the Webhooks tab says about events and deliveries, apart from the markup (unit-tested).
import type { DeliveryFailure, WebhookEvent } from '../../../../shared/schemas/webhooks';

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'quote.created': 'Quote created',
  'quote.sent': 'Quote sent',
  'quote.viewed': 'Quote viewed by the customer (first time)',
  'quote.accepted': 'Quote accepted',
  'quote.declined': 'Quote declined',
  'quote.deleted': 'Quote deleted',
  'catalogue.changed': 'Catalogue changed',
};

export function deliveryBadge(status: 'pending' | 'delivered' | 'failed'): { label: string; colorPalette: string } {
  if (status === 'delivered') return { label: 'Delivered', colorPalette: 'green' };
  if (status === 'failed') return { label: 'Failed', colorPalette: 'red' };
  return { label: 'Pending', colorPalette: 'yellow' };
}

/** The last try's outcome in a few words: its status code ("500"), the kind of failure ("timed out"), or "Not tried yet". */
export function lastOutcome(d: { attempts: number; lastResponseCode: number | null; lastError: DeliveryFailure | null }): string {
  if (d.attempts === 0) return 'Not tried yet';
  if (d.lastError) return d.lastError;
  return d.lastResponseCode === null ? '—' : String(d.lastResponseCode);
}
