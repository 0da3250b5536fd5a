import { cyclesIn } from './check-feature-graph';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('cyclesIn', () => {
  it('finds nothing when dependencies point one way', () => {
    expect(cyclesIn(graph({ messages: ['conversations'], conversations: ['inboxes'], inboxes: [] }))).toEqual([]);
  });

  it('names the features of each cycle, direct or through others', () => {
    expect(cyclesIn(graph({ messages: ['conversations'], conversations: ['messages'] }))).toEqual([['conversations', 'messages']]);
    expect(cyclesIn(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
  });
});
