import { createTestAccount, gatewayClient, seedContact } from '@parley/testing';

/** A rating posted the moment the survey exists: reporting asks messaging about a survey its events have not brought yet. */
describe('read your writes: CSAT survey → rating', () => {
  it('takes a rating right after the resolve that sent the survey', async () => {
    const account = await createTestAccount();
    const inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'RYW CSAT',
        channel: { type: 'api' },
        csat_survey_enabled: true,
        enable_auto_assignment: false,
      })
    ).body;
    for (let n = 0; n < 5; n++) {
      const contact = await seedContact(account.id);
      const { body } = await account.admin.api.post('/conversations', {
        source_id: `ryw-${contact.id}`,
        inbox_id: inbox.id,
        contact_id: contact.id,
      });
      await account.admin.api.post(`/conversations/${body.id}/toggle_status`, { status: 'resolved' });
      const messages: Array<{ content_type: string; content_attributes: Record<string, string> }> = (
        await account.admin.api.get(`/conversations/${body.id}/messages`)
      ).body.payload;
      const token = messages.find((message) => message.content_type === 'input_csat')!.content_attributes
        .csat_survey_token;
      const rated = await gatewayClient().post(`/public/api/v1/csat_survey/${token}`, { rating: 3 });
      expect(rated.status).toBe(200);
      expect(rated.body).toMatchObject({ rating: 3, conversation_id: body.id, inbox_id: inbox.id });
    }
  });
});
