import { createTestAccount, eventually, gatewayClient, readE2eState, type TestAccount } from '@parley/testing';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

/**
 * A typed client generated at test time from the served document (openapi-typescript, with
 * openapi-fetch) compiles under `strict` with the flow in client-flow/ and runs it through the
 * gateway: inbox, contact, conversation, messages, list, filter, report. The flow is written
 * against the generated types alone, without a cast, so a document that mistypes what these
 * operations take or answer fails here.
 */

const FLOW_DIR = join(__dirname, 'client-flow');
const FLOW = join(FLOW_DIR, 'inbox-to-report.flow.ts');
const GENERATED = join(FLOW_DIR, 'parley-api.generated.ts');
const ROOT = join(__dirname, '../../..');

/**
 * What this suite reads of the flow module. The module is loaded at run time: its types come
 * from the file generated above, which the repository's own type-check never sees.
 */
interface Flow {
  parleyClient(baseUrl: string, token: string): unknown;
  startConversation(
    client: unknown,
    accountId: number,
  ): Promise<{
    inbox: { id: number };
    contact: { id: number; name: string | null };
    conversation: { id: number; inbox_id: number; contact_id: number; status: string };
    message: { id: number; content: string | null; message_type: string };
  }>;
  messagesOf(client: unknown, accountId: number, conversationId: number): Promise<Array<{ content: string | null }>>;
  openConversationsOf(client: unknown, accountId: number, inboxId: number): Promise<Array<{ id: number }>>;
  filterConversations(
    client: unknown,
    accountId: number,
    inboxId: number,
    status: string,
  ): Promise<Array<{ id: number }>>;
  accountSummary(
    client: unknown,
    accountId: number,
  ): Promise<{ conversations_count: number; incoming_messages_count: number; outgoing_messages_count: number }>;
}

/** Casts, non-null assertions and `any` in a source file: what the flow must do without. */
function escapeHatches(file: string): string[] {
  const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const isConstAssertion =
      ts.isAsExpression(node) && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const';
    if (
      (ts.isAsExpression(node) && !isConstAssertion) ||
      ts.isTypeAssertionExpression(node) ||
      ts.isNonNullExpression(node) ||
      node.kind === ts.SyntaxKind.AnyKeyword
    )
      found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('a client generated from the served OpenAPI document', () => {
  let account: TestAccount;

  beforeAll(async () => {
    const document = await gatewayClient().get('/api-docs/json');
    expect(document.status).toBe(200);
    const served = join(readE2eState().logDir, 'client-openapi.json');
    writeFileSync(served, JSON.stringify(document.body));
    // The generator's own command line, as a client author runs it. A default is what the server
    // fills in when a field is left out: it does not make the field required.
    await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/openapi-typescript'),
      [served, '--output', GENERATED, '--default-non-nullable=false'],
      { cwd: ROOT },
    );
    account = await createTestAccount();
  });

  it('compiles under strict with the flow, which uses no cast', () => {
    const program = ts.createProgram([FLOW], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      lib: ['lib.es2023.d.ts'],
      types: ['node'],
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
    expect(escapeHatches(FLOW)).toEqual([]);
  });

  it('runs inbox → contact → conversation → messages → list → filter → report through the gateway', async () => {
    const flow = (await import(FLOW)) as Flow;
    const client = flow.parleyClient(readE2eState().gatewayUrl, account.admin.token);

    const started = await flow.startConversation(client, account.id);
    expect(started.conversation).toMatchObject({
      inbox_id: started.inbox.id,
      contact_id: started.contact.id,
      status: 'open',
    });
    expect(started.contact.name).toBe('Ada Client');
    expect(started.message).toMatchObject({ content: 'Happy to help: which order?', message_type: 'outgoing' });

    const contents = (await flow.messagesOf(client, account.id, started.conversation.id)).map((m) => m.content);
    expect(contents).toEqual(
      expect.arrayContaining(['Hello, I need help with my order', 'Happy to help: which order?']),
    );

    const ids = (conversations: Array<{ id: number }>) => conversations.map((conversation) => conversation.id);
    expect(ids(await flow.openConversationsOf(client, account.id, started.inbox.id))).toEqual([
      started.conversation.id,
    ]);
    expect(ids(await flow.filterConversations(client, account.id, started.inbox.id, 'open'))).toEqual([
      started.conversation.id,
    ]);
    expect(await flow.filterConversations(client, account.id, started.inbox.id, 'resolved')).toEqual([]);

    // Reporting keeps its figures from the conversation and message events.
    const summary = await eventually(async () => {
      const figures = await flow.accountSummary(client, account.id);
      expect(figures).toMatchObject({ conversations_count: 1, incoming_messages_count: 1, outgoing_messages_count: 1 });
      return figures;
    });
    expect(summary.conversations_count).toBe(1);
  });
});
