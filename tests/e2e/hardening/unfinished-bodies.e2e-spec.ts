import {
  createTestAccount,
  gatewayClient,
  startExtraGateway,
  type ExtraGateway,
  type TestAccount,
} from '@parley/testing';
import { connect, type Socket } from 'node:net';

/**
 * Bodies that never finish properly: a multipart body that ends without its closing boundary is
 * answered 400 as soon as it has ended, and a client trickling its body is cut off with a 408
 * after REQUEST_TIMEOUT_MS while everyone else is served.
 */

/** Every multipart operation of the served document, by the field its file goes in. */
const FILE_FIELDS: Record<string, string> = {
  'POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/messages': 'attachments[]',
  'POST /api/v1/accounts/{account_id}/contacts/import': 'import_file',
  'POST /api/v1/accounts/{account_id}/kanban/items/{item_id}/attachments': 'attachment',
  'POST /api/v1/accounts/{account_id}/kanban/items/{item_id}/note_attachments': 'attachment',
  'POST /api/v1/accounts/{account_id}/kanban_items/import_preview': 'file',
  'POST /api/v1/accounts/{account_id}/kanban_items/import': 'file',
  'POST /public/api/v1/inboxes/{inbox_identifier}/contacts/{contact_identifier}/conversations/{conversation_id}/messages':
    'attachments[]',
};

/** A real API inbox, contact and conversation for a public route (unknown ones answer 404 before the body is read). */
async function publicConversationPath(account: TestAccount, template: string): Promise<string> {
  const inbox = (await account.admin.api.post('/inboxes', { name: 'Public', channel: { type: 'api' } })).body;
  const base = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
  const contact = (await gatewayClient().post(`${base}/contacts`, { name: 'Visitor' })).body;
  const conversation = (await gatewayClient().post(`${base}/contacts/${contact.source_id}/conversations`, {})).body;
  return template
    .replace('{inbox_identifier}', inbox.inbox_identifier)
    .replace('{contact_identifier}', contact.source_id)
    .replace('{conversation_id}', String(conversation.id));
}

type OpenApi = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };

/** What answers within this bound was not left hanging. */
const ANSWER_BOUND_MS = 5000;

/** The ways a body can stop short of its closing boundary. */
function unfinishedBodies(fileField: string): Record<string, string> {
  const file = `--zz\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    'inside a file part': `${file}name\r\nx`,
    'inside a text field': '--zz\r\nContent-Disposition: form-data; name="content"\r\n\r\nhello',
    'after a whole file part': `${file}name\r\nx\r\n--zz\r\n`,
    'inside part headers': '--zz\r\nContent-Disposition: form-da',
  };
}

describe('unfinished and slow request bodies', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('covers every multipart operation of the served document', async () => {
    const document = (await gatewayClient().get<OpenApi>('/api-docs/json')).body;
    const multipart = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.requestBody?.content?.['multipart/form-data'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(multipart.sort()).toEqual(Object.keys(FILE_FIELDS).sort());
  });

  it.each(Object.entries(FILE_FIELDS))(
    'answers 400 at once to a multipart body without its closing boundary: %s',
    async (operation, fileField) => {
      const [method, template] = operation.split(' ');
      const path = template.startsWith('/public/')
        ? await publicConversationPath(account, template)
        : template.replace('{account_id}', String(account.id)).replace(/\{\w+\}/g, '1');
      for (const [how, body] of Object.entries(unfinishedBodies(fileField))) {
        const response = await fetch(`${gatewayClient().baseUrl}${path}`, {
          method,
          headers: { api_access_token: account.admin.token, 'content-type': 'multipart/form-data; boundary=zz' },
          body,
          signal: AbortSignal.timeout(ANSWER_BOUND_MS),
        }).catch((error: Error) => {
          throw new Error(
            `${operation}, body ending ${how}: no answer within ${ANSWER_BOUND_MS} ms (${error.message})`,
          );
        });
        const answer = { status: response.status, body: await response.json().catch(() => null) };
        expect({ how, ...answer }).toEqual({ how, status: 400, body: { error: expect.any(String) } });
      }
    },
  );

  describe('a client that takes too long to send its body', () => {
    const TIMEOUT_MS = 2000;
    /** Node checks connections against the timeout about every quarter of it. */
    const CUT_OFF_BOUND_MS = TIMEOUT_MS + 2000;
    let gateway: ExtraGateway;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      gateway = await startExtraGateway('gateway-slow-clients', { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
    }, 90_000);

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await gateway?.process.stop();
    });

    /** Sends the head and then one byte of the body every 100 ms; resolves with what the gateway answered. */
    function trickle(path: string, contentType: string, body: string): Promise<{ raw: string; afterMs: number }> {
      const started = Date.now();
      return new Promise((resolve, reject) => {
        const socket = connect(gateway.port, '127.0.0.1');
        sockets.push(socket);
        let raw = '';
        let sent = 0;
        const timer = setInterval(() => {
          if (sent < body.length && socket.writable) socket.write(body[sent++]);
        }, 100);
        socket.on('connect', () => {
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\napi_access_token: ${account.admin.token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
          );
        });
        socket.on('data', (chunk) => (raw += chunk.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(timer);
          resolve({ raw, afterMs: Date.now() - started });
        });
        setTimeout(() => {
          clearInterval(timer);
          socket.destroy();
          reject(
            new Error(
              `the gateway still held a slow client after ${CUT_OFF_BOUND_MS + 3000} ms; it had answered: ${raw || 'nothing'}`,
            ),
          );
        }, CUT_OFF_BOUND_MS + 3000);
      });
    }

    it('answers 408 {"error"} within the bound, while other requests are served meanwhile', async () => {
      const base = `/api/v1/accounts/${account.id}`;
      const padding = 'x'.repeat(400);
      const slow = [
        trickle(`${base}/labels`, 'application/json', JSON.stringify({ title: 'slow', description: padding })),
        trickle(`${base}/labels`, 'application/json', JSON.stringify({ title: 'slower', description: padding })),
        trickle(
          `${base}/contacts/import`,
          'multipart/form-data; boundary=zz',
          `--zz\r\nContent-Disposition: form-data; name="import_file"; filename="a.csv"\r\n\r\nname\r\n${padding}\r\n--zz--\r\n`,
        ),
      ];
      // While the slow ones hold their connections, everyone else is answered as usual.
      let settled = false;
      const cutOff = Promise.all(slow).finally(() => (settled = true));
      const servedDuring: number[] = [];
      while (!settled) {
        const started = Date.now();
        const response = await fetch(`${gateway.url}${base}/labels`, {
          headers: { api_access_token: account.admin.token },
          signal: AbortSignal.timeout(1000),
        });
        expect(response.status).toBe(200);
        servedDuring.push(Date.now() - started);
      }
      expect(servedDuring.length).toBeGreaterThan(5);
      expect(Math.max(...servedDuring)).toBeLessThan(1000);

      for (const { raw, afterMs } of await cutOff) {
        const [head, body] = raw.split('\r\n\r\n');
        expect(head).toMatch(/^HTTP\/1\.1 408 /);
        expect(JSON.parse(body)).toEqual({ error: expect.stringMatching(/did not arrive within 2 s/) });
        expect(afterMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
        expect(afterMs).toBeLessThan(CUT_OFF_BOUND_MS);
      }
      // Nothing of the slow label requests was created.
      const labels = await fetch(`${gateway.url}${base}/labels`, {
        headers: { api_access_token: account.admin.token },
      });
      expect(
        ((await labels.json()) as { payload: Array<{ title: string }> }).payload.map((label) => label.title),
      ).not.toContain('slow');
    });
  });
});
