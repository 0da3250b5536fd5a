import { createTestCertificates } from '@parley/testing';
import { createServer } from 'node:https';
import type { SinkReply, SinkRequest } from './delivery-sink';

/**
 * The webhook benchmark's receiver, a process of its own (forked by `delivery-sink.ts`): an
 * HTTPS server that answers 200 at once and notes, for every request to `/hooks/<n>`, the
 * event id the body starts with, `n` and the arrival time. It does nothing else, so that it
 * takes as little as possible of the CPU the dispatcher shares with it.
 */

/** An account webhook body starts `{"id":"<event uuid>"`. */
const ID_START = '{"id":"'.length;
const ID_END = ID_START + 36;

const ids: string[] = [];
const hooks: number[] = [];
const arrivals: number[] = [];
let slow: { hook: number | null; answerMs: number } = { hook: null, answerMs: 0 };

function send(reply: SinkReply): void {
  process.send!(reply);
}

const { caCertPath, cert, key } = createTestCertificates(process.env.SINK_CERT_DIR!);
const server = createServer({ cert, key }, (request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    const hook = /^\/hooks\/(\d+)$/.exec(request.url ?? '');
    if (!hook) return void response.writeHead(404).end();
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    ids.push(body.toString('latin1', ID_START, ID_END));
    hooks.push(Number(hook[1]));
    arrivals.push(at);
    const answer = () => void response.writeHead(200, { 'content-length': '0' }).end();
    if (slow.hook === Number(hook[1])) setTimeout(answer, slow.answerMs);
    else answer();
  });
});

process.on('message', (request: SinkRequest) => {
  if (request.type === 'count') send({ type: 'count', count: ids.length });
  else if (request.type === 'take') {
    send({ type: 'arrivals', ids: ids.splice(0), hooks: hooks.splice(0), arrivals: arrivals.splice(0) });
  } else if (request.type === 'slow') {
    slow = { hook: request.hook, answerMs: request.answerMs };
    send({ type: 'slow' });
  } else if (request.type === 'stop') server.close(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    caCertPath,
    pid: process.pid,
  });
});
