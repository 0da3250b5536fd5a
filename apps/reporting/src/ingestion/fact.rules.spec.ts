import type { ConversationSnapshot, Message } from '@parley/contracts';
import type { BusinessHours } from '@parley/domain-rules';
import { FactKind, messageFacts, NEW_PROGRESS, statusFacts, type Progress } from './fact.rules';
import { rollupDelta, scopesOf } from './rollup.rules';

const T0 = Date.parse('2026-01-12T08:00:00Z') / 1000; // a Monday
const conversation = {
  id: 7,
  inbox_id: 3,
  team_id: 5,
  assignee_id: 11,
  labels: ['vip'],
  created_at: T0,
  status: 'open',
} as unknown as ConversationSnapshot;
const message = (at: number, fields: Partial<Message>): Message =>
  ({
    id: at,
    created_at: at,
    message_type: 'outgoing',
    private: false,
    sender: { id: 11, type: 'user', name: 'A', thumbnail: null },
    ...fields,
  }) as Message;
const incoming = (at: number) =>
  message(at, { message_type: 'incoming', sender: { id: 99, type: 'contact', name: 'C', thumbnail: null } });

function play(steps: Array<{ message: Message; origin?: string }>, hours: BusinessHours | null = null) {
  let progress: Progress = NEW_PROGRESS;
  const facts = [];
  for (const step of steps) {
    const result = messageFacts(progress, step.message, conversation, step.origin ?? 'api', hours);
    progress = result.progress;
    facts.push(...result.facts);
  }
  return { facts, progress };
}

describe('definitions', () => {
  it('first response: creation → first public human reply; notes, activity, bot and automation messages excluded', () => {
    const { facts } = play([
      { message: incoming(T0 + 10) },
      { message: message(T0 + 20, { private: true }) },
      { message: message(T0 + 30, { message_type: 'activity', sender: null }) },
      { message: message(T0 + 40, { sender: { id: 1, type: 'agent_bot', name: 'Bot', thumbnail: null } }) },
      { message: message(T0 + 50, {}), origin: 'automation:4' },
      { message: message(T0 + 100, {}) },
      { message: message(T0 + 200, {}) },
    ]);
    const first = facts.filter((fact) => fact.kind === FactKind.firstResponse);
    expect(first).toEqual([expect.objectContaining({ value: 100, agent_id: 11, at: T0 + 100 })]);
    expect(facts.filter((fact) => fact.kind === FactKind.outgoingMessage)).toHaveLength(4); // bot, automation, two replies
    expect(facts.filter((fact) => fact.kind === FactKind.botSession)).toHaveLength(1);
  });

  it('reply time: each incoming message → the next human reply', () => {
    const { facts } = play([
      { message: incoming(T0 + 10) },
      { message: incoming(T0 + 20) },
      { message: message(T0 + 50, {}) },
      { message: incoming(T0 + 60) },
      { message: message(T0 + 90, {}) },
    ]);
    const replies = facts.filter((fact) => fact.kind === FactKind.reply);
    expect(replies.map((fact) => [fact.value, fact.samples])).toEqual([
      [40 + 30, 2],
      [30, 1],
    ]);
  });

  it('resolution: creation or last reopen → resolve; bot resolutions and handoffs', () => {
    let { facts, progress } = statusFacts(
      NEW_PROGRESS,
      { ...conversation, status: 'resolved' },
      'open',
      T0 + 300,
      null,
    );
    expect(facts).toEqual([expect.objectContaining({ kind: FactKind.resolution, value: 300, agent_id: 11 })]);
    ({ progress } = statusFacts(progress, { ...conversation, status: 'open' }, 'resolved', T0 + 1000, null));
    ({ facts } = statusFacts(progress, { ...conversation, status: 'resolved' }, 'open', T0 + 1060, null));
    expect(facts[0].value).toBe(60);
    const bot = { ...NEW_PROGRESS, bot_session: true };
    expect(
      statusFacts(bot, { ...conversation, status: 'resolved' }, 'pending', T0 + 5, null).facts.map((fact) => fact.kind),
    ).toEqual([FactKind.resolution, FactKind.botResolution]);
    expect(
      statusFacts(bot, { ...conversation, status: 'open' }, 'pending', T0 + 5, null).facts.map((fact) => fact.kind),
    ).toEqual([FactKind.botHandoff]);
  });

  it('business-hours variants count only the inbox working hours in its zone', () => {
    const hours: BusinessHours = {
      enabled: true,
      timezone: 'Europe/Berlin',
      days: [
        { day_of_week: 1, closed_all_day: false, open_hour: 10, open_minutes: 0, close_hour: 18, close_minutes: 0 },
      ],
    };
    // Created 09:00 Berlin, answered 10:30 Berlin: 90 minutes, 30 of them in business hours.
    const { facts } = play([{ message: message(T0 + 5400, {}) }], hours);
    expect(facts.find((fact) => fact.kind === FactKind.firstResponse)).toMatchObject({ value: 5400, value_bh: 1800 });
  });

  it('a fact counts for the account and each of its scopes; a scope entry only for its scope', () => {
    const { facts } = play([{ message: incoming(T0 + 1) }]);
    expect(scopesOf(facts[0], [42]).map((scope) => scope.scope)).toEqual([0, 2, 1, 3, 4]);
    expect(rollupDelta(facts[0])).toEqual({ incoming: 1 });
    expect(
      scopesOf({ ...facts[0], kind: FactKind.scopeEntered, inbox_id: null, agent_id: 11, team_id: null }, []),
    ).toEqual([{ scope: 1, id: 11 }]);
  });
});
