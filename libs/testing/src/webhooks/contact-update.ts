import { ContactEvents } from '@parley/contracts';
import { contactSnapshot, publishEvent } from '../fixtures/contact-events';

/**
 * A `contact.updated` exactly as the contacts service publishes it: a cheap event to drive
 * webhook deliveries with. (Bulk imports publish thousands of `contact.created`, so a suite
 * running after one would wait behind them.)
 */
export function publishContactUpdate(accountId: number) {
  const contact = contactSnapshot(accountId);
  return publishEvent(ContactEvents.updated, accountId, {
    contact,
    changed_attributes: [{ name: { previous_value: null, current_value: contact.name } }],
  });
}
