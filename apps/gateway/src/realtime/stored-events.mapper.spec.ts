import { isAfter, resumePointOf, storedEventsOf } from './stored-events.mapper';

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const frame = (n: number) => ({ streams: [`account_${n}`], event: 'contact.created', data: { id: n } });

describe('storedEventsOf', () => {
  it('names a frame by its stream sequence', () => {
    expect(storedEventsOf(encode(frame(1)), 41)).toEqual([
      {
        streams: ['account_1'],
        event: { event: 'contact.created', data: { id: 1 }, event_id: '41' },
        sequence: 41,
        index: null,
      },
    ]);
  });

  it('names each frame of a batch by the sequence and its index, in order', () => {
    const events = storedEventsOf(encode({ frames: [frame(1), frame(2), frame(3)] }), 7);
    expect(events.map(({ event }) => [event.event_id, event.data.id])).toEqual([
      ['7-0', 1],
      ['7-1', 2],
      ['7-2', 3],
    ]);
    expect(events[1].streams).toEqual(['account_2']);
  });
});

describe('resumePointOf', () => {
  it('reads a frame, a frame of a batch, and a frame not stored after either', () => {
    expect(resumePointOf('12')).toEqual({ sequence: 12, afterIndex: null });
    expect(resumePointOf('12.3')).toEqual({ sequence: 12, afterIndex: null });
    expect(resumePointOf('12-4')).toEqual({ sequence: 12, afterIndex: 4 });
    expect(resumePointOf('12-4.2')).toEqual({ sequence: 12, afterIndex: 4 });
    expect(resumePointOf('0.1')).toEqual({ sequence: 0, afterIndex: null });
  });

  it('refuses anything else', () => {
    for (const since of ['', 'abc', '12-', '-4', '12-4-5', '1.2.3', '9999999999999999', ' 12'])
      expect(resumePointOf(since)).toBeNull();
  });
});

/** A stored event by its `event_id`'s parts (its frame does not matter here). */
const at = (id: string) => {
  const [sequence, index] = id.split('-').map(Number);
  return storedEventsOf(
    encode(index === undefined ? frame(1) : { frames: Array(index + 1).fill(frame(1)) }),
    sequence,
  ).at(-1)!;
};

describe('isAfter', () => {
  it('keeps what follows a frame: later messages only', () => {
    const point = { sequence: 7, afterIndex: null };
    expect(['6', '7', '7-0', '8', '8-0'].map((id) => isAfter(at(id), point))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('keeps what follows a frame of a batch: the rest of its batch, then later messages', () => {
    const point = { sequence: 7, afterIndex: 1 };
    expect(['6-5', '7-0', '7-1', '7-2', '7', '8'].map((id) => isAfter(at(id), point))).toEqual([
      false,
      false,
      false,
      true,
      false,
      true,
    ]);
  });
});
