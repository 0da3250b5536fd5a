import type { HistoryMessage, HistoryStatusChange } from '@parley/contracts';
import { timeline } from './history.rules';

const message = (id: number, at: number): HistoryMessage => ({
  id,
  created_at: at,
  message_type: 'outgoing',
  private: false,
  content_type: 'text',
  sender: { id: 1, type: 'user' },
  origin: 'api',
});
const change = (at: number): HistoryStatusChange => ({ from: 'open', to: 'resolved', at, approximated: false });

describe('history timeline', () => {
  it('merges messages and status changes by time, messages first within a second', () => {
    const steps = timeline([message(1, 10), message(2, 30)], [change(20), change(30)]);
    expect(steps.map((step) => (step.message ? `m${step.message.id}` : `s${step.change!.at}`))).toEqual([
      'm1',
      's20',
      'm2',
      's30',
    ]);
  });
});
