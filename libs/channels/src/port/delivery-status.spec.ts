import { mapProviderStatus, nextDeliveryStatus, type ChannelStatus } from './delivery-status';
import type { MessageStatus } from '@parley/contracts';

describe('nextDeliveryStatus', () => {
  const moves: [MessageStatus, ChannelStatus, ChannelStatus | null][] = [
    ['sent', 'delivered', 'delivered'],
    ['sent', 'read', 'read'],
    ['delivered', 'read', 'read'],
    ['sent', 'sent', null],
    ['delivered', 'sent', null],
    ['read', 'delivered', null],
    ['read', 'sent', null],
    ['failed', 'delivered', null],
    ['failed', 'read', null],
    ['received', 'read', null],
  ];
  it.each(moves)('%s + reported %s → %s', (current, reported, expected) => {
    expect(nextDeliveryStatus(current, reported)).toEqual({ status: expected, externalError: null });
  });

  it('fails a sent or delivered message with the provider error', () => {
    expect(nextDeliveryStatus('sent', 'failed', '131047 re-engagement window')).toEqual({
      status: 'failed',
      externalError: '131047 re-engagement window',
    });
    expect(nextDeliveryStatus('delivered', 'failed', 'bounced')).toEqual({
      status: 'failed',
      externalError: 'bounced',
    });
  });

  it('records a failure after read without moving the status back', () => {
    expect(nextDeliveryStatus('read', 'failed', 'late failure')).toEqual({
      status: null,
      externalError: 'late failure',
    });
  });

  it('ignores a failure reported on a failed or incoming message', () => {
    expect(nextDeliveryStatus('failed', 'failed', 'again')).toEqual({ status: null, externalError: null });
    expect(nextDeliveryStatus('received', 'failed', 'x')).toEqual({ status: null, externalError: null });
  });
});

describe('mapProviderStatus', () => {
  const table: Record<string, ChannelStatus> = { delivered: 'delivered', seen: 'read', undelivered: 'failed' };

  it('maps known words case-insensitively and nothing else', () => {
    expect(mapProviderStatus(table, 'Seen')).toBe('read');
    expect(mapProviderStatus(table, 'undelivered')).toBe('failed');
    expect(mapProviderStatus(table, 'queued')).toBeNull();
    expect(mapProviderStatus(table, 'constructor')).toBeNull();
  });
});
