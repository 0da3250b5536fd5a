/** The content type of an answer the gateway passes on as the service's JSON text (Fastify sends such a string as it is). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** `{"data": …}` around an answer's JSON text, as the contract wraps a page. */
export function dataEnvelope(answerJson: string): string {
  return `{"data":${answerJson}}`;
}
