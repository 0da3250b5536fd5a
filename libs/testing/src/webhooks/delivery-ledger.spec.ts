import { exactlyOnceProblems, finishedEventIds } from './delivery-ledger';

const attempt = (
  delivery: string,
  event: string,
  number: number,
  state: 'delivered' | 'retrying' | 'discarded',
  status: number | null = state === 'delivered' ? 200 : null,
) => ({
  delivery_id: delivery,
  event_id: event,
  attempt: number,
  state,
  status_code: status,
});
const request = (delivery: string, event: string, answered = true, status = 200) => ({
  headers: { 'x-parley-delivery': delivery },
  body: JSON.stringify({ id: event }),
  status,
  answered,
});

describe('exactlyOnceProblems', () => {
  it('finds nothing wrong when each event was delivered once and received once', () => {
    expect(
      exactlyOnceProblems(
        ['e1', 'e2'],
        [attempt('d1', 'e1', 1, 'delivered'), attempt('d2', 'e2', 1, 'delivered')],
        [request('d1', 'e1'), request('d2', 'e2')],
      ),
    ).toEqual([]);
  });

  it('accepts a first attempt that timed out, reached the receiver or not, then one made again', () => {
    const attempts = [
      attempt('d1', 'e1', 1, 'retrying'),
      attempt('d1', 'e1', 2, 'delivered'),
      attempt('d2', 'e2', 1, 'retrying'),
      attempt('d2', 'e2', 2, 'delivered'),
    ];
    const requests = [request('d1', 'e1', false), request('d1', 'e1'), request('d2', 'e2')];
    expect(exactlyOnceProblems(['e1', 'e2'], attempts, requests)).toEqual([]);
  });

  it('reports a delivery logged delivered that the receiver never answered 2xx (a lost webhook)', () => {
    expect(exactlyOnceProblems(['e1'], [attempt('d1', 'e1', 1, 'delivered')], [])).toEqual([
      'delivery d1: logged delivered, but the receiver answered none of its 0 request(s) 2xx (lost)',
    ]);
    expect(
      exactlyOnceProblems(['e1'], [attempt('d1', 'e1', 1, 'delivered')], [request('d1', 'e1', false)]),
    ).toHaveLength(1);
  });

  it('reports a delivery received more often than it was attempted (sent by two replicas)', () => {
    expect(
      exactlyOnceProblems(['e1'], [attempt('d1', 'e1', 1, 'delivered')], [request('d1', 'e1'), request('d1', 'e1')]),
    ).toEqual(['delivery d1: received 2 times, attempted 1 times (sent twice)']);
  });

  it('reports an event delivered twice, by two deliveries or by two attempts', () => {
    expect(
      exactlyOnceProblems(
        ['e1'],
        [attempt('d1', 'e1', 1, 'delivered'), attempt('d2', 'e1', 1, 'delivered')],
        [request('d1', 'e1'), request('d2', 'e1')],
      ),
    ).toEqual(['event e1: 2 deliveries logged, expected 1']);
    expect(
      exactlyOnceProblems(
        ['e1'],
        [attempt('d1', 'e1', 1, 'delivered'), attempt('d1', 'e1', 2, 'delivered')],
        [request('d1', 'e1'), request('d1', 'e1')],
      ),
    ).toEqual(['delivery d1: logged #1 delivered, #2 delivered, expected delivered once, by the last attempt']);
  });

  it('reports an event never delivered, and a request that belongs to no event', () => {
    expect(
      exactlyOnceProblems(
        ['e1'],
        [attempt('d1', 'e1', 1, 'discarded', 500)],
        [request('d1', 'e1', true, 500), request('d9', 'e9')],
      ),
    ).toEqual([
      'delivery d1: logged #1 discarded, expected delivered once, by the last attempt',
      'delivery d9: received 1 time(s) but not logged for any of the events',
    ]);
    expect(exactlyOnceProblems(['e1'], [], [])).toEqual(['event e1: 0 deliveries logged, expected 1']);
  });

  it('reports attempts numbered with a gap, and a body that is not the logged event', () => {
    expect(exactlyOnceProblems(['e1'], [attempt('d1', 'e1', 2, 'delivered')], [request('d1', 'e2')])).toEqual([
      'delivery d1: attempts logged 2, expected 1…1',
      'delivery d1: logged #2 delivered, expected delivered once, by the last attempt',
      'delivery d1: a request carried event e2, expected e1',
    ]);
  });
});

describe('finishedEventIds', () => {
  it('counts an event finished once its delivery was delivered or discarded, not while it is retried', () => {
    expect(
      finishedEventIds([
        attempt('d1', 'e1', 1, 'retrying'),
        attempt('d2', 'e2', 1, 'retrying'),
        attempt('d2', 'e2', 2, 'delivered'),
        attempt('d3', 'e3', 4, 'discarded'),
      ]),
    ).toEqual(new Set(['e2', 'e3']));
  });
});
