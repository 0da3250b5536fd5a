import { responseJsonOf } from './reply-json';

/** A reply as Nest's NATS server encodes it. */
function nestReply(packet: Record<string, unknown>): string {
  return JSON.stringify(packet);
}

describe('responseJsonOf', () => {
  it('answers the response exactly as the service encoded it', () => {
    const page = { meta: { all_count: 2 }, payload: [{ id: 1, content: 'a "quoted" },"isDisposed":true,"id":"9"}' }] };
    const reply = nestReply({ response: page, isDisposed: true, id: '41' });
    expect(responseJsonOf(reply)).toBe(JSON.stringify(page));
  });

  it('keeps answers that are not objects', () => {
    expect(responseJsonOf(nestReply({ response: [1, 2], isDisposed: true, id: '1' }))).toBe('[1,2]');
    expect(responseJsonOf(nestReply({ response: 'text', isDisposed: false, id: '2' }))).toBe('"text"');
    expect(responseJsonOf(nestReply({ response: null, isDisposed: true, id: '3' }))).toBe('null');
  });

  it('finds the end of a long answer', () => {
    const payload = Array.from({ length: 500 }, (_, id) => ({ id, name: `contact ${id}` }));
    const reply = nestReply({ response: { payload }, isDisposed: true, id: '123456' });
    expect(JSON.parse(responseJsonOf(reply)!)).toEqual({ payload });
  });

  it('leaves errors and other shapes to be decoded', () => {
    expect(responseJsonOf(nestReply({ err: { code: 'X', message: 'no' }, isDisposed: true, id: '4' }))).toBeNull();
    expect(responseJsonOf(nestReply({ isDisposed: true, id: '5' }))).toBeNull();
    expect(responseJsonOf(nestReply({ response: { a: 1 }, id: '6' }))).toBeNull();
    expect(responseJsonOf(nestReply({ id: '7', response: { a: 1 }, isDisposed: true }))).toBeNull();
    expect(responseJsonOf('{"response":,"isDisposed":true,"id":"8"}')).toBeNull();
    expect(responseJsonOf('')).toBeNull();
  });
});
