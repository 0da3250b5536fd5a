import { eventually, fakeProvider, type TestAccount } from '@parley/testing';

export interface ShownMessage {
  id: number;
  content: string | null;
  message_type: string;
  status: string;
  source_id: string | null;
  external_error: string | null;
  content_attributes: Record<string, any>;
  attachments: Array<{ file_type: string; data_url: string; extension: string | null; file_size: number }>;
}

/** Reads a provider inbox's conversations and messages through the gateway. */
export function inboxReader(account: TestAccount, inboxId: number) {
  const conversations = async (): Promise<Array<{ id: number; status: string; meta: any }>> =>
    (await account.admin.api.get(`/conversations?inbox_id=${inboxId}&status=all`)).body.data.payload;
  const messagesOf = async (id: number): Promise<ShownMessage[]> =>
    (await account.admin.api.get(`/conversations/${id}/messages`)).body.payload;
  return {
    conversations,
    messagesOf,
    /** The conversation of the contact the provider names `name`, once it shows. */
    conversationOf: (name: string) =>
      eventually(async () => {
        const found = (await conversations()).find((item) => item.meta.sender?.name === name);
        expect(found).toBeDefined();
        return found!;
      }),
    /** Waits until the message shows `expected`. */
    messageBecomes: (conversationId: number, messageId: number, expected: Record<string, unknown>) =>
      eventually(async () => {
        const message = (await messagesOf(conversationId)).find((item) => item.id === messageId);
        expect(message).toMatchObject(expected);
        return message!;
      }),
  };
}

/** A fake WhatsApp Cloud account and a connected inbox on it. */
export async function whatsAppInbox(account: TestAccount, name: string) {
  const meta = await fakeProvider<Record<'phone_number_id' | 'business_account_id' | 'api_key' | 'app_secret', string>>(
    'meta',
    'accounts',
  );
  const { phone_number_id, business_account_id, api_key, app_secret } = meta;
  const provider_config = { api_key, phone_number_id, business_account_id, app_secret };
  const created = await account.admin.api.post('/inboxes', {
    name,
    channel: { type: 'mobile_chat', phone_number: '+15550009999', provider_config },
  });
  expect(created.status).toBe(201);
  return { meta, inbox: created.body as { id: number; inbound_webhook_url: string } };
}
