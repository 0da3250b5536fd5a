import { InFlight, targetKeyOf, type Targeted } from './in-flight.rules';

const webhook = (id: number, n = 0): Targeted & { n: number } => ({
  target: 'webhook',
  webhook_id: id,
  inbox_id: null,
  url: `https://hooks.example.com/${id}`,
  n,
});
const inbox = (id: number): Targeted => ({ target: 'inbox', webhook_id: null, inbox_id: id, url: null });
const direct = (url: string): Targeted => ({ target: 'direct', webhook_id: null, inbox_id: null, url });

describe('attempts in flight', () => {
  it('tells targets apart by webhook, inbox or direct URL', () => {
    expect(
      new Set(
        [webhook(1), webhook(2), inbox(1), direct('https://a.example.com/'), direct('https://b.example.com/')].map(
          targetKeyOf,
        ),
      ).size,
    ).toBe(5);
    expect(targetKeyOf(webhook(1))).toBe(targetKeyOf({ ...webhook(1), url: 'https://elsewhere.example.com/' }));
  });

  it('starts up to the total, in order, and frees slots as attempts end', () => {
    const slots = new InFlight<Targeted>(3, 3);
    const { started, refused } = slots.admit([webhook(1), webhook(2), webhook(3), webhook(4)]);
    expect(started).toEqual([webhook(1), webhook(2), webhook(3)]);
    expect(refused).toEqual([webhook(4)]);
    expect([slots.size, slots.room]).toEqual([3, 0]);
    expect(slots.release(webhook(2))).toBeNull();
    expect([slots.size, slots.room]).toEqual([2, 1]);
  });

  it('keeps one target to its share, names it full, and hands its next slot to a delivery waiting for it', () => {
    const slots = new InFlight<Targeted & { n?: number }>(10, 2);
    const { started, refused } = slots.admit([
      webhook(7, 1),
      webhook(7, 2),
      inbox(3),
      webhook(7, 3),
      webhook(7, 4),
      webhook(7, 5),
      direct('https://a.example.com/'),
    ]);
    expect(started).toEqual([webhook(7, 1), webhook(7, 2), inbox(3), direct('https://a.example.com/')]);
    // Two of webhook 7's wait for its slots; the fifth has no room to wait.
    expect(refused).toEqual([webhook(7, 5)]);
    expect(slots.full()).toEqual({ webhookIds: [7], inboxIds: [], urls: [] });
    expect(slots.size).toBe(4);

    expect(slots.release(webhook(7, 1))).toEqual(webhook(7, 3));
    expect(slots.release(webhook(7, 2))).toEqual(webhook(7, 4));
    expect(slots.size).toBe(4);
    expect(slots.release(webhook(7, 3))).toBeNull();
    expect(slots.full()).toEqual({ webhookIds: [], inboxIds: [], urls: [] });
    expect(slots.size).toBe(3);
  });

  it('takes a slot for a delivery about to be written only when its target and the total have one free', () => {
    const slots = new InFlight<Targeted>(3, 2);
    expect([webhook(1), webhook(1), webhook(1), inbox(2), inbox(4)].map((delivery) => slots.take(delivery))).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(slots.full()).toEqual({ webhookIds: [1], inboxIds: [], urls: [] });
    // A claim now finds no room, and a taken slot is freed like an attempt's.
    expect(slots.admit([inbox(5)])).toEqual({ started: [], refused: [inbox(5)] });
    expect(slots.release(webhook(1))).toBeNull();
    expect([slots.size, slots.room]).toEqual([2, 1]);
    expect(slots.take(webhook(1))).toBe(true);
  });

  it('names full inboxes and direct URLs too', () => {
    const slots = new InFlight<Targeted>(10, 1);
    slots.admit([inbox(3), direct('https://a.example.com/'), webhook(1)]);
    expect(slots.full()).toEqual({ webhookIds: [1], inboxIds: [3], urls: ['https://a.example.com/'] });
  });

  it('gives up the waiting deliveries on demand, e.g. at shutdown', () => {
    const slots = new InFlight<Targeted & { n?: number }>(10, 1);
    slots.admit([webhook(7, 1), webhook(7, 2)]);
    expect(slots.takeWaiting()).toEqual([webhook(7, 2)]);
    expect(slots.release(webhook(7, 1))).toBeNull();
    expect(slots.size).toBe(0);
  });

  it('ignores the release of a delivery it does not hold', () => {
    const slots = new InFlight<Targeted>(2, 2);
    slots.admit([webhook(1)]);
    expect(slots.release(webhook(9))).toBeNull();
    expect(slots.size).toBe(1);
  });

  it('waits for an eighth of the slots before topping up a backlog', () => {
    expect(new InFlight(64, 16).refillAt).toBe(8);
    expect(new InFlight(4, 1).refillAt).toBe(1);
  });
});
