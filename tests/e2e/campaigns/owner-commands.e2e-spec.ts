import { CampaignMessagePatterns, ContactLookupPatterns } from '@parley/contracts';
import { loadServiceConfig, RpcCallError, RpcClient } from '@parley/service-kit';
import { createTestAccount, readE2eState } from '@parley/testing';
import { campaignMessageContents, labelledContacts } from './campaign-fixtures';

/** What messaging and contacts answer the campaigns service: the keyed campaign message and the audience query. */
describe('campaigns: commands and queries of the owners', () => {
  let rpc: RpcClient;

  beforeAll(() => {
    const { natsUrl, namespace, databaseUrl } = readE2eState();
    rpc = new RpcClient(loadServiceConfig('campaigns', { NATS_URL: natsUrl, NATS_NAMESPACE: namespace, DATABASE_URL: databaseUrl }));
  });

  afterAll(() => rpc.onApplicationShutdown());

  it('messaging starts one conversation per key: a repeat answers the first send and sends nothing', async () => {
    const account = await createTestAccount();
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    const { contactIds } = await labelledContacts(account, inbox, 1);
    const campaignId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
    const command = {
      account_id: account.id,
      caller: { user_id: account.admin.id, role: 'administrator' as const },
      inbox_id: inbox,
      contact_id: contactIds[0],
      campaign_id: campaignId,
      content: 'Once only',
      key: `campaign:${campaignId}:contact:${contactIds[0]}`,
    };
    const [first, concurrent] = await Promise.all([rpc.send(CampaignMessagePatterns.send, command), rpc.send(CampaignMessagePatterns.send, command)]);
    const again = await rpc.send(CampaignMessagePatterns.send, { ...command, content: 'A retry' });
    expect(concurrent.message_id).toBe(first.message_id);
    expect(again.message_id).toBe(first.message_id);
    expect(first.conversation).toMatchObject({ campaign_id: campaignId, inbox_id: inbox, status: 'open' });
    expect(await campaignMessageContents(campaignId)).toEqual(new Map([[contactIds[0], ['Once only']]]));
    const conversation = (await account.admin.api.get(`/conversations/${first.conversation.id}/messages`)).body.payload;
    expect(conversation.map((message: { content: string }) => message.content)).toEqual(['Once only']);

    // The channel's rules apply: a mobile chat's window is closed for a new conversation.
    const mobile = (await account.admin.api.post('/inboxes', { name: 'Mobile', channel: { type: 'mobile_chat', phone_number: '+15550003333' } })).body.id;
    const refused = await rpc.send(CampaignMessagePatterns.send, { ...command, inbox_id: mobile, key: `${command.key}:mobile` }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RpcCallError);
    expect((refused as RpcCallError).code).toBe('MESSAGE.WINDOW_CLOSED');
  });

  it('contacts answers the contacts carrying any of the labels, page by page in id order, within the account', async () => {
    const account = await createTestAccount();
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    const a = await labelledContacts(account, inbox, 3);
    const b = await labelledContacts(account, inbox, 2);
    const ask = (labels: string[], afterId: number, limit: number, accountId = account.id) =>
      rpc.send(ContactLookupPatterns.withLabels, { account_id: accountId, labels, after_id: afterId, limit }).then((contacts) => contacts.map((contact) => contact.id));
    const all = [...a.contactIds, ...b.contactIds].sort((x, y) => x - y);
    expect(await ask([a.title, b.title], 0, 100)).toEqual(all);
    expect(await ask([a.title, b.title], all[1], 2)).toEqual(all.slice(2, 4));
    expect(await ask([b.title], 0, 100)).toEqual(b.contactIds);
    expect(await ask([], 0, 100)).toEqual([]);
    const other = await createTestAccount();
    expect(await ask([a.title], 0, 100, other.id)).toEqual([]);
  });
});
