import createClient from 'openapi-fetch';
// Generated at test time from the served document (generated-client.e2e-spec.ts); not in the repository.
import type { components, paths } from './parley-api.generated';

/**
 * A client author's flow, written only against the types openapi-typescript generates from the
 * served OpenAPI document and run through openapi-fetch: no cast, no `any`, compiled under
 * `strict` by the suite before it runs. A document that mistypes a field, a parameter or an
 * answer of these operations stops it from compiling or from running.
 */

type Schemas = components['schemas'];
// A JSON client: answers typed by their `application/json` content (reports also answer CSV on request).
export type ParleyClient = ReturnType<typeof createClient<paths, 'application/json'>>;

export interface StartedConversation {
  inbox: Schemas['InboxView'];
  contact: Schemas['ContactView'];
  conversation: Schemas['ConversationView'];
  message: Schemas['MessageView'];
}

export function parleyClient(baseUrl: string, token: string): ParleyClient {
  return createClient<paths, 'application/json'>({ baseUrl, headers: { api_access_token: token } });
}

/** The answer's body, or an error naming the operation and the `{error}` the API gave. */
function bodyOf<T>(operation: string, result: { data?: T; error?: { error: string }; response: Response }): T {
  if (result.data === undefined)
    throw new Error(`${operation} answered ${result.response.status}: ${result.error?.error ?? 'no body'}`);
  return result.data;
}

/** An API inbox, a contact in it, a conversation with the contact's first message, and an agent's reply. */
export async function startConversation(client: ParleyClient, accountId: number): Promise<StartedConversation> {
  const path = { account_id: accountId };
  const inbox = bodyOf(
    'create inbox',
    await client.POST('/api/v1/accounts/{account_id}/inboxes', {
      params: { path },
      body: { name: 'Generated client', channel: { type: 'api', webhook_url: null } },
    }),
  );
  const created = bodyOf(
    'create contact',
    await client.POST('/api/v1/accounts/{account_id}/contacts', {
      params: { path },
      body: { inbox_id: inbox.id, name: 'Ada Client', email: `ada-${inbox.id}@example.com`, phone_number: null },
    }),
  );
  const conversation = bodyOf(
    'create conversation',
    await client.POST('/api/v1/accounts/{account_id}/conversations', {
      params: { path },
      body: {
        inbox_id: inbox.id,
        contact_id: created.payload.contact.id,
        source_id: created.payload.contact_inbox.source_id,
        message: { content: 'Hello, I need help with my order', message_type: 'incoming' },
      },
    }),
  );
  const message = bodyOf(
    'create message',
    await client.POST('/api/v1/accounts/{account_id}/conversations/{conversation_id}/messages', {
      params: { path: { ...path, conversation_id: conversation.id } },
      body: { content: 'Happy to help: which order?', message_type: 'outgoing', private: false },
    }),
  );
  return { inbox, contact: created.payload.contact, conversation, message };
}

/** The messages of a conversation, oldest first. */
export async function messagesOf(
  client: ParleyClient,
  accountId: number,
  conversationId: number,
): Promise<Schemas['MessageView'][]> {
  const list = bodyOf(
    'list messages',
    await client.GET('/api/v1/accounts/{account_id}/conversations/{conversation_id}/messages', {
      params: { path: { account_id: accountId, conversation_id: conversationId } },
    }),
  );
  return list.payload;
}

/** The open conversations of an inbox (the list endpoint with its query filters). */
export async function openConversationsOf(
  client: ParleyClient,
  accountId: number,
  inboxId: number,
): Promise<Schemas['ConversationView'][]> {
  const list = bodyOf(
    'list conversations',
    await client.GET('/api/v1/accounts/{account_id}/conversations', {
      params: { path: { account_id: accountId }, query: { status: 'open', inbox_id: inboxId, page: 1 } },
    }),
  );
  return list.data.payload;
}

/** The conversations of an inbox with a given status (the filter endpoint). */
export async function filterConversations(
  client: ParleyClient,
  accountId: number,
  inboxId: number,
  status: Schemas['ConversationView']['status'],
): Promise<Schemas['ConversationView'][]> {
  const list = bodyOf(
    'filter conversations',
    await client.POST('/api/v1/accounts/{account_id}/conversations/filter', {
      params: { path: { account_id: accountId } },
      body: {
        payload: [
          { attribute_key: 'status', filter_operator: 'equal_to', values: [status], query_operator: 'and' },
          { attribute_key: 'inbox_id', filter_operator: 'equal_to', values: [inboxId], query_operator: null },
        ],
      },
    }),
  );
  return list.data.payload;
}

/** The account's report summary over the last day. */
export async function accountSummary(client: ParleyClient, accountId: number): Promise<Schemas['ReportSummaryView']> {
  const until = Math.floor(Date.now() / 1000) + 60;
  return bodyOf(
    'report summary',
    await client.GET('/api/v2/accounts/{account_id}/reports/summary', {
      params: { path: { account_id: accountId }, query: { type: 'account', since: until - 86_400, until } },
    }),
  );
}
