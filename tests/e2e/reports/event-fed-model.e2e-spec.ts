import {
  ConversationEvents,
  InboxEvents,
  MessageEvents,
  type ConversationSnapshot,
  type InboxSnapshot,
  type Message,
} from '@parley/contracts';
import {
  conversationSnapshot,
  createTestAccount,
  eventually,
  gatewayClient,
  messageSnapshot,
  publishEvent,
  seedContact,
  type TestAccount,
} from '@parley/testing';
import { randomInt } from 'node:crypto';

/**
 * The model fed with messaging's events at known times (published on the stream as messaging
 * would, with explicit timestamps), read through the gateway: exact definitions, business
 * hours in the inbox's zone, and daily buckets across Berlin's change from summer time
 * (Sunday 25 October 2026, 03:00 CEST → 02:00 CET).
 */
describe('reports over events at known times', () => {
  let account: TestAccount;
  let contactId: number;
  const inboxId = 2_000_000_000 - randomInt(1_000_000);
  const at = (iso: string) => Date.parse(iso) / 1000;
  const when = (unix: number) => new Date(unix * 1000);
  const weekdays9to17 = [1, 2, 3, 4, 5].map((day_of_week) => ({
    day_of_week,
    closed_all_day: false,
    open_hour: 9,
    open_minutes: 0,
    close_hour: 17,
    close_minutes: 0,
  }));

  // Complete snapshots, as messaging publishes them: consumers see every field.
  const conversation = (id: number, createdAt: number, fields: Partial<ConversationSnapshot> = {}) =>
    conversationSnapshot(
      { id, account_id: account.id, inbox_id: inboxId, contact_id: contactId, created_at: createdAt },
      fields,
    );
  const message = (id: number, conversationId: number, createdAt: number, fields: Partial<Message>) =>
    messageSnapshot(
      { id, account_id: account.id, inbox_id: inboxId, conversation_id: conversationId, created_at: createdAt },
      fields,
    );
  const contact = { id: 1, name: 'C', type: 'contact' as const, thumbnail: null };
  const person = { id: 77, name: 'A', type: 'user' as const, thumbnail: null };
  const bot = { id: 5, name: 'Bot', type: 'agent_bot' as const, thumbnail: null };

  // Saturday 24 Oct, 10:00 Berlin (CEST, UTC+2); Monday 26 Oct, 08:30 Berlin (CET, UTC+1).
  const c1 = at('2026-10-24T08:00:00Z');
  const c2 = at('2026-10-26T07:30:00Z');

  beforeAll(async () => {
    account = await createTestAccount();
    contactId = (await seedContact(account.id)).id;
    // Complete, as messaging publishes it: services dead-letter events that break their contract.
    const inbox: InboxSnapshot = {
      id: inboxId,
      account_id: account.id,
      name: 'Known times',
      channel_type: 'Channel::Api',
      hmac_mandatory: false,
      webhook_url: null,
      website_url: null,
      widget_color: null,
      welcome_title: null,
      welcome_tagline: null,
      phone_number: null,
      email: null,
      avatar_url: null,
      greeting_enabled: false,
      greeting_message: null,
      working_hours_enabled: true,
      out_of_office_message: null,
      working_hours: weekdays9to17,
      timezone: 'Europe/Berlin',
      csat_survey_enabled: false,
      enable_auto_assignment: false,
      auto_assignment_config: { max_assignment_limit: null },
      allow_messages_after_resolved: true,
      message_deleted_placeholder: 'This message was deleted',
      inbox_identifier: null,
      website_token: null,
      web_widget_script: null,
      agent_bot_id: null,
      created_at: c1,
      updated_at: c1,
    };
    await publishEvent(InboxEvents.created, account.id, { inbox });
    await eventually(async () =>
      expect(
        (await gatewayClient(account.admin.token).get(`/api/v2/accounts/${account.id}/reports/inboxes_summary`)).body,
      ).toContainEqual(expect.objectContaining({ id: inboxId })),
    );

    const one = conversation(1, c1);
    await publishEvent(ConversationEvents.created, account.id, { conversation: one }, { occurredAt: when(c1) });
    const messages: Array<[Message, string?]> = [
      [message(1, 1, c1 + 60, { message_type: 'incoming', sender: contact })],
      [message(2, 1, c1 + 120, { message_type: 'outgoing', private: true, sender: person })], // a note: counts nowhere
      [message(3, 1, c1 + 180, { message_type: 'outgoing', sender: bot })], // a bot: outgoing, not a reply
      [message(4, 1, c1 + 240, { message_type: 'outgoing', sender: person }), 'automation:9'], // a rule: outgoing, not a reply
      [message(5, 1, c1 + 600, { message_type: 'outgoing', sender: person })],
      [message(6, 1, c1 + 610, { message_type: 'activity', sender: null })],
    ];
    const two = conversation(2, c2, { assignee_id: 77 });
    await publishEvent(ConversationEvents.created, account.id, { conversation: two }, { occurredAt: when(c2) });
    messages.push(
      [message(7, 2, c2, { message_type: 'incoming', sender: contact })],
      [message(8, 2, c2 + 3600, { message_type: 'outgoing', sender: person })],
    );
    for (const [item, origin] of messages) {
      const owner = item.conversation_id === 1 ? one : two;
      await publishEvent(
        MessageEvents.created,
        account.id,
        { message: item, conversation: owner },
        { occurredAt: when(item.created_at), origin },
      );
    }
    // Resolved Monday 10:00 Berlin.
    await publishEvent(
      ConversationEvents.statusChanged,
      account.id,
      { conversation: { ...two, status: 'resolved' }, previous_status: 'open' },
      { occurredAt: when(c2 + 5400) },
    );
  });

  const v2 = (path: string) => gatewayClient(account.admin.token).get(`/api/v2/accounts/${account.id}/reports${path}`);
  const since = at('2026-10-23T22:00:00Z');
  const until = at('2026-10-26T23:00:00Z');

  it('answers the summary exactly by the definitions, and previous over the window before', async () => {
    const figures = {
      open_conversations_count: 1,
      agents_online_count: 0,
      average_first_response_time: (600 + 3600) / 2,
      average_resolution_time: 5400,
      average_response_time: (540 + 3600) / 2,
      conversations_count: 2,
      incoming_messages_count: 2,
      outgoing_messages_count: 4,
      resolutions_count: 1,
    };
    // Nothing happened in a window's length before `since`; open conversations and agents online are "now" in both.
    const quiet = {
      ...figures,
      average_first_response_time: 0,
      average_resolution_time: 0,
      average_response_time: 0,
      conversations_count: 0,
      incoming_messages_count: 0,
      outgoing_messages_count: 0,
      resolutions_count: 0,
    };
    await eventually(async () =>
      expect((await v2(`/summary?since=${since}&until=${until}`)).body).toEqual({ ...figures, previous: quiet }),
    );
    expect((await v2(`/summary?since=${until}&until=${2 * until - since}`)).body).toEqual({
      ...quiet,
      previous: figures,
    });
    expect((await v2(`/summary?since=${since}&until=${until}&type=agent&id=77`)).body).toMatchObject({
      average_first_response_time: 2100,
      outgoing_messages_count: 2, // the agent's replies; the rule's message is not theirs
      resolutions_count: 1,
      conversations_count: 1,
    });
  });

  it('buckets days in Berlin across the change from summer time, with business-hours variants', async () => {
    const daily = (metric: string, extra = '') =>
      v2(`/conversations?metric=${metric}&group_by=day&timezone=Europe/Berlin&since=${since}&until=${until}${extra}`);
    const days = [at('2026-10-23T22:00:00Z'), at('2026-10-24T22:00:00Z'), at('2026-10-25T23:00:00Z')];
    const points = (values: number[]) => values.map((value, index) => ({ timestamp: days[index], value }));
    await eventually(async () => expect((await daily('conversations_count')).body).toEqual(points([1, 0, 1])));
    expect((await daily('avg_first_response_time')).body).toEqual(points([600, 0, 3600]));
    // Saturday is closed; Monday opens at 09:00, so 08:30 → 09:30 is half an hour of business time.
    expect((await daily('avg_first_response_time', '&business_hours=true')).body).toEqual(points([0, 0, 1800]));
    expect((await daily('avg_resolution_time', '&business_hours=true')).body).toEqual(points([0, 0, 3600]));
    expect((await daily('incoming_messages_count')).body).toEqual(points([1, 0, 1]));
    // A fixed offset does not follow the change: UTC-3 days start at 03:00 UTC.
    const offset = await v2(
      `/conversations?metric=conversations_count&group_by=week&timezone_offset=-3&since=${since}&until=${until}`,
    );
    expect(offset.body).toEqual([
      { timestamp: at('2026-10-19T03:00:00Z'), value: 1 },
      { timestamp: at('2026-10-26T03:00:00Z'), value: 1 },
    ]);
  });

  it('counts bot sessions: one session, no bot resolution, no handoff', async () => {
    const metrics = await v2(`/bot_metrics?since=${since}&until=${until}`);
    expect(metrics.body).toEqual({
      bot_sessions_count: 1,
      bot_resolutions_count: 0,
      auto_resolve_rate: 0,
      bot_handoffs_count: 0,
      handoff_rate: 0,
      post_bot_satisfaction: 0,
    });
  });
});
