import { messagingTypeFor } from './meta-messaging-channel';
import { parseMetaMessagingWebhook } from './meta-messaging-webhook-parser';

describe('messagingTypeFor', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it('answers within 24 h as a RESPONSE', () => {
    expect(messagingTypeFor('instagram', hoursAgo(23), false, now)).toEqual({ messaging_type: 'RESPONSE' });
  });

  it("tags a Messenger human agent's reply HUMAN_AGENT up to 7 days, never a bot's", () => {
    expect(messagingTypeFor('messenger', hoursAgo(48), true, now)).toEqual({
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
    });
    expect(messagingTypeFor('messenger', hoursAgo(48), false, now)).toBeNull();
    expect(messagingTypeFor('messenger', hoursAgo(24 * 7 + 1), true, now)).toBeNull();
    expect(messagingTypeFor('instagram', hoursAgo(48), true, now)).toBeNull();
  });
});

describe('parseMetaMessagingWebhook', () => {
  it('reads messages, echoes (the contact is the recipient), receipts by id and by watermark', async () => {
    const parsed = await parseMetaMessagingWebhook(
      {
        entry: [
          {
            messaging: [
              {
                sender: { id: 'u1' },
                recipient: { id: 'p' },
                message: { mid: 'm1', text: 'hi', quick_reply: { payload: 'YES' } },
              },
              { sender: { id: 'p' }, recipient: { id: 'u1' }, message: { mid: 'm2', text: 'from app', is_echo: true } },
              {
                sender: { id: 'p' },
                recipient: { id: 'u1' },
                message: { mid: 'm4', text: 'from Parley', is_echo: true, metadata: 'parley:message:77' },
              },
              { sender: { id: 'u1' }, recipient: { id: 'p' }, delivery: { mids: ['m3'], watermark: 5 } },
              { sender: { id: 'u1' }, recipient: { id: 'p' }, read: { watermark: 9 } },
            ],
          },
        ],
      },
      async () => ({ content: Buffer.alloc(0), contentType: 'image/png' }),
    );
    expect(parsed[0]).toMatchObject({
      kind: 'message',
      sourceId: 'm1',
      sender: { identity: 'u1' },
      contentAttributes: { submitted_values: [{ value: 'YES' }] },
    });
    expect(parsed[1]).toMatchObject({ kind: 'message', echo: true, sender: { identity: 'u1' } });
    expect(parsed[1].sentMessageId).toBeUndefined();
    // Parley's own send, named by the metadata it sent: never stored as a second message.
    expect(parsed.splice(2, 1)[0]).toMatchObject({ echo: true, sourceId: 'm4', sentMessageId: 77 });
    expect(parsed[2].statusChange).toEqual({ providerMessageId: 'm3', status: 'delivered', error: null });
    expect(parsed[3].statusChange).toMatchObject({ status: 'read', watermark: { contact: 'u1', upTo: 9 } });
  });
});
