import { describe, expect, it } from 'vitest';
import { deliveryBadge, lastOutcome } from './webhook-view';

describe('what the Webhooks tab says', () => {
  it('a delivery status reads as a coloured badge', () => {
    expect(deliveryBadge('delivered')).toEqual({ label: 'Delivered', colorPalette: 'green' });
    expect(deliveryBadge('failed')).toEqual({ label: 'Failed', colorPalette: 'red' });
    expect(deliveryBadge('pending')).toEqual({ label: 'Pending', colorPalette: 'yellow' });
  });

  it('the last try: not tried, the kind of failure when no status code came, or the code', () => {
    expect(lastOutcome({ attempts: 0, lastResponseCode: null, lastError: null })).toBe('Not tried yet');
    expect(lastOutcome({ attempts: 2, lastResponseCode: null, lastError: 'connection failed' })).toBe('connection failed');
    expect(lastOutcome({ attempts: 3, lastResponseCode: null, lastError: 'blocked address' })).toBe('blocked address');
    expect(lastOutcome({ attempts: 1, lastResponseCode: 500, lastError: null })).toBe('500');
    expect(lastOutcome({ attempts: 1, lastResponseCode: null, lastError: null })).toBe('—');
  });
});
