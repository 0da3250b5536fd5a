import type { EnqueueDeliveryInput } from '@parley/contracts';
import { assertValidDirectDelivery } from './direct-delivery.rules';

const valid: EnqueueDeliveryInput = {
  account_id: 1,
  url: 'https://hooks.example.com/',
  secret: 's',
  event: 'kanban.item.created',
  payload: { id: 'x' },
};

describe('direct delivery requests', () => {
  it('accepts a complete request', () => {
    expect(() => assertValidDirectDelivery(valid)).not.toThrow();
  });

  it.each([
    [{ account_id: 1.5 }, 'DELIVERY.INVALID_ACCOUNT', 'account_id'],
    [{ secret: '' }, 'DELIVERY.SECRET_BLANK', 'secret'],
    [{ event: 'bad event name' }, 'DELIVERY.INVALID_EVENT_NAME', 'event'],
    [{ payload: [] }, 'DELIVERY.INVALID_PAYLOAD', 'payload'],
    [{ payload: null }, 'DELIVERY.INVALID_PAYLOAD', 'payload'],
  ])('refuses %j with its own code, naming the field', (change, code, field) => {
    const request = { ...valid, ...change } as unknown as EnqueueDeliveryInput;
    expect(() => assertValidDirectDelivery(request)).toThrow(expect.objectContaining({ code, attributes: [field] }));
  });
});
