import { describe, expect, it } from 'vitest';
import { formatMetadata, mailTypeLabel, pageOf, recipientOf, statusBadge } from './email-log-view';

describe('email log view', () => {
  it('maps status to badges Sent green, Pending yellow, Failed red', () => {
    expect(statusBadge('sent')).toEqual({ label: 'Sent', colorPalette: 'green' });
    expect(statusBadge('pending')).toEqual({ label: 'Pending', colorPalette: 'yellow' });
    expect(statusBadge('failed')).toEqual({ label: 'Failed', colorPalette: 'red' });
  });

  it('shows the name plus address when a user is linked, else the address', () => {
    expect(recipientOf({ to: 'sam@example.com', user: { firstname: 'Sam', lastname: 'Sales', username: 'sam@example.com' } })).toEqual({
      name: 'Sam Sales',
      address: 'sam@example.com',
    });
    expect(recipientOf({ to: 'x@example.com', user: { firstname: '', lastname: '', username: 'xuser' } }).name).toBe('xuser');
    expect(recipientOf({ to: 'gone@example.com', user: null })).toEqual({ name: null, address: 'gone@example.com' });
  });

  it('pages by 10', () => {
    const items = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageOf(items, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageOf(items, 3)).toEqual([21, 22, 23]);
  });

  it('formats metadata as indented JSON', () => {
    expect(formatMetadata({ a: 1, b: ['x'] })).toBe('{\n  "a": 1,\n  "b": [\n    "x"\n  ]\n}');
    expect(formatMetadata(null)).toBe('None');
  });
});

describe('mail kinds', () => {
  it('read as words', () => {
    expect(mailTypeLabel('quote_declined')).toBe('Quote declined');
    expect(mailTypeLabel('password_reset')).toBe('Password reset');
    expect(mailTypeLabel('quote_reminder')).toBe('Quote reminder');
    expect(mailTypeLabel('api_key_created')).toBe('API key created');
  });
});
