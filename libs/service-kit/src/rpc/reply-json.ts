/**
 * Nest's NATS server answers `JSON.stringify({ response, isDisposed, id })` (see its
 * NatsRecordSerializer), so a successful reply is `{"response":` + the answer's JSON +
 * `,"isDisposed":…,"id":"…"}`. The answer's JSON text is what lies between.
 */
const HEAD = '{"response":';
const TAIL = /,"isDisposed":(?:true|false),"id":"[0-9A-Za-z_-]*"}$/;
/** Longer than any tail TAIL accepts: only the reply's end is searched. */
const TAIL_WINDOW = 128;

/**
 * The `response` of a reply as the JSON text the service sent, without decoding it; null when
 * the reply is not in that exact shape (an error, or another serialiser), for the caller to
 * decode it instead.
 */
export function responseJsonOf(reply: string): string | null {
  if (!reply.startsWith(HEAD)) return null;
  const end = reply.length > TAIL_WINDOW ? reply.length - TAIL_WINDOW : 0;
  const tail = TAIL.exec(reply.slice(end));
  if (!tail) return null;
  const answer = reply.slice(HEAD.length, end + tail.index);
  return answer.length > 0 ? answer : null;
}
