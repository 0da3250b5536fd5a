import type { ImportedContact } from '@parley/contracts';
import { contactSnapshot } from '@parley/testing';
import { IMPORTED_BYTES_PER_EVENT, IMPORTED_PER_EVENT, importedEventsOf } from './imported-contacts.rules';

function item(id: number, name = `Person ${id}`): ImportedContact {
  return {
    event_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    contact: contactSnapshot(1, { id, name }),
  };
}

describe('importedEventsOf', () => {
  it('makes no event of no contacts', () => {
    expect(importedEventsOf([])).toEqual([]);
  });

  it('puts at most IMPORTED_PER_EVENT contacts in an event, keeping their order', () => {
    const contacts = Array.from({ length: IMPORTED_PER_EVENT * 2 + 1 }, (_, i) => item(i + 1));
    const events = importedEventsOf(contacts);
    expect(events.map((event) => event.length)).toEqual([IMPORTED_PER_EVENT, IMPORTED_PER_EVENT, 1]);
    expect(events.flat()).toEqual(contacts);
  });

  it('starts a new event before the bytes would pass the limit, and gives an oversized contact an event of its own', () => {
    const big = 'x'.repeat(IMPORTED_BYTES_PER_EVENT / 2);
    const huge = 'y'.repeat(IMPORTED_BYTES_PER_EVENT + 1);
    const contacts = [item(1, big), item(2, big), item(3, huge), item(4)];
    const events = importedEventsOf(contacts);
    expect(events.map((event) => event.map(({ contact }) => contact.id))).toEqual([[1], [2], [3], [4]]);
    for (const event of events.filter((event) => event.length > 1 || event[0].contact.id !== 3))
      expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThanOrEqual(IMPORTED_BYTES_PER_EVENT + 2);
  });
});
