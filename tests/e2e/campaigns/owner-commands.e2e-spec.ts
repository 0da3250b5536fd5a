import { CampaignMessagePatterns, ContactLinkPatterns, ContactLookupPatterns } from '@parley/contracts';
import { loadServiceConfig, RpcCallError, RpcClient } from '@parley/service-kit';
import { createTestAccount, readE2eState } from '@parley/testing';
import { campaignMessageContents, labelledContacts } from './campaign-fixtures';

/** What messaging and contacts answer the campaigns service: the keyed campaign message and the audience query. */
describe('campaigns: commands and queries of the owners', () => {
  let rpc: RpcClient;

  beforeAll(() => {
    const { natsUrl, namespace, databaseUrl } = readE2eState();
    rpc = new RpcClient(
      loadServiceConfig('campaigns', { NATS_URL: natsUrl, NATS_NAMESPACE: namespace, DATABASE_URL: databaseUrl }),
    );
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
    const [first, concurrent] = await Promise.all([
      rpc.send(CampaignMessagePatterns.send, command),
      rpc.send(CampaignMessagePatterns.send, command),
    ]);
    const again = await rpc.send(CampaignMessagePatterns.send, { ...command, content: 'A retry' });
    expect(concurrent.message_id).toBe(first.message_id);
    expect(again.message_id).toBe(first.message_id);
    expect(first.conversation).toMatchObject({ campaign_id: campaignId, inbox_id: inbox, status: 'open' });
    expect(await campaignMessageContents(campaignId)).toEqual(new Map([[contactIds[0], ['Once only']]]));
    const conversation = (await account.admin.api.get(`/conversations/${first.conversation.id}/messages`)).body.payload;
    expect(conversation.map((message: { content: string }) => message.content)).toEqual(['Once only']);

    // The channel's rules apply: a mobile chat's window is closed for a new conversation.
    const mobile = (
      await account.admin.api.post('/inboxes', {
        name: 'Mobile',
        channel: { type: 'mobile_chat', phone_number: '+15550003333' },
      })
    ).body.id;
    const refused = await rpc
      .send(CampaignMessagePatterns.send, { ...command, inbox_id: mobile, key: `${command.key}:mobile` })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RpcCallError);
    expect((refused as RpcCallError).code).toBe('MESSAGE.WINDOW_CLOSED');
  });

  it('messaging sends several contacts in one command: each key once, a missing contact answered with its error, the others sent', async () => {
    const account = await createTestAccount();
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    const { contactIds } = await labelledContacts(account, inbox, 3);
    const [c0, c1, c2] = contactIds;
    const missing = 2_000_000_000;
    const campaignId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
    const command = (ids: number[], content: string, inboxId = inbox) => ({
      account_id: account.id,
      caller: { user_id: account.admin.id, role: 'administrator' as const },
      inbox_id: inboxId,
      campaign_id: campaignId,
      sends: ids.map((id) => ({
        contact_id: id,
        content: `${content} ${id}`,
        key: `campaign:${campaignId}:contact:${id}`,
      })),
    });
    const first = await rpc.send(CampaignMessagePatterns.sendMany, command([c0], 'First'));
    const [batch, concurrent] = await Promise.all([
      rpc.send(CampaignMessagePatterns.sendMany, command([c0, c1, missing, c2, c1], 'Batch')),
      rpc.send(CampaignMessagePatterns.sendMany, command([c2, c1], 'Concurrent')),
    ]);
    expect(batch.results.map((result) => result.contact_id)).toEqual([c0, c1, missing, c2, c1]);
    expect(batch.results[0]).toEqual(first.results[0]);
    expect(batch.results[2]).toMatchObject({ contact_id: missing, code: 'CONVERSATION.CONTACT_MISSING' });
    expect(batch.results[4]).toEqual(batch.results[1]);
    // Whichever command got a key first sent it; the other answers that send.
    expect(concurrent.results).toEqual([batch.results[3], batch.results[1]]);
    const contents = await campaignMessageContents(campaignId);
    expect(contents.get(c0)).toEqual([`First ${c0}`]);
    expect(contents.get(c1)).toHaveLength(1);
    expect(contents.get(c2)).toHaveLength(1);
    expect(contents.size).toBe(3);

    // The answered conversation ids are the account's display ids, distinct, each showing its message.
    const sent = [batch.results[0], batch.results[1], batch.results[3]] as Array<{
      conversation_id: number;
      message_id: number;
    }>;
    expect(new Set(sent.map((result) => result.conversation_id)).size).toBe(3);
    for (const result of sent) {
      const messages = (await account.admin.api.get(`/conversations/${result.conversation_id}/messages`)).body.payload;
      expect(messages.map((message: { id: number }) => message.id)).toEqual([result.message_id]);
    }

    // An inbox-wide refusal fails the whole command and sends nothing.
    const mobile = (
      await account.admin.api.post('/inboxes', {
        name: 'Mobile',
        channel: { type: 'mobile_chat', phone_number: '+15550004444' },
      })
    ).body.id;
    const { contactIds: others } = await labelledContacts(account, mobile, 2);
    const refused = await rpc
      .send(CampaignMessagePatterns.sendMany, command(others, 'Closed', mobile))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RpcCallError);
    expect((refused as RpcCallError).code).toBe('MESSAGE.WINDOW_CLOSED');
    expect((await campaignMessageContents(campaignId)).size).toBe(3);
  });

  it('contacts ensures the inbox links of several contacts in one request: a link kept, a new one made once, other accounts’ contacts left out', async () => {
    const account = await createTestAccount();
    const created = (await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Api 2', channel: { type: 'api' } })).body.id;
    // Contacts made at another inbox, so they have no link at this one yet.
    const { contactIds } = await labelledContacts(account, created, 2);
    const [kept, fresh] = contactIds;
    expect(
      (await account.admin.api.post(`/contacts/${kept}/contact_inboxes`, { inbox_id: inbox, source_id: 'kept-source' }))
        .status,
    ).toBeLessThan(300);
    const other = await createTestAccount();
    const { contactIds: foreign } = await labelledContacts(
      other,
      (await other.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id,
      1,
    );
    const ask = () =>
      rpc.send(ContactLinkPatterns.ensureMany, {
        account_id: account.id,
        inbox_id: inbox,
        contact_ids: [fresh, kept, foreign[0], fresh],
      });
    const [first, concurrent] = await Promise.all([ask(), ask()]);
    const again = await ask();
    const sourceOf = (answer: typeof first) => new Map(answer.links.map((link) => [link.contact_id, link.source_id]));
    expect([...sourceOf(first).keys()].sort((a, b) => a - b)).toEqual([kept, fresh].sort((a, b) => a - b));
    expect(sourceOf(first).get(kept)).toBe('kept-source');
    expect(sourceOf(concurrent)).toEqual(sourceOf(first));
    expect(sourceOf(again)).toEqual(sourceOf(first));
    const links = (await account.admin.api.get(`/contacts/${fresh}/contact_inboxes`)).body.payload.filter(
      (link: { inbox: { id: number } }) => link.inbox.id === inbox,
    );
    expect(links.map((link: { source_id: string }) => link.source_id)).toEqual([sourceOf(first).get(fresh)]);
  });

  it('contacts answers the contacts carrying any of the labels, page by page in id order, within the account', async () => {
    const account = await createTestAccount();
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    const a = await labelledContacts(account, inbox, 3);
    const b = await labelledContacts(account, inbox, 2);
    const ask = (labels: string[], afterId: number, limit: number, accountId = account.id) =>
      rpc
        .send(ContactLookupPatterns.withLabels, { account_id: accountId, labels, after_id: afterId, limit })
        .then((contacts) => contacts.map((contact) => contact.id));
    const all = [...a.contactIds, ...b.contactIds].sort((x, y) => x - y);
    expect(await ask([a.title, b.title], 0, 100)).toEqual(all);
    expect(await ask([a.title, b.title], all[1], 2)).toEqual(all.slice(2, 4));
    expect(await ask([b.title], 0, 100)).toEqual(b.contactIds);
    expect(await ask([], 0, 100)).toEqual([]);
    const other = await createTestAccount();
    expect(await ask([a.title], 0, 100, other.id)).toEqual([]);
  });
});
