import { randomUUID } from 'node:crypto';
import type { ChaosClient } from './chaos-client';

/** One write the load made: what it was, the key it can be found by, what it was answered, when. */
export interface Attempt {
  kind: 'message' | 'contact' | 'campaign' | 'card' | 'import';
  key: string;
  status: number;
  at: number;
  /** The id the answer gave (campaign, card, import job). */
  id?: number;
  /** A message that should set the automation rule off. */
  automated?: boolean;
}

export interface Workspace {
  accountId: number;
  token: string;
  inboxId: number;
  conversations: number[];
  ruleId: number;
  labelId: number;
  audience: number[];
  funnelId: number;
}

export const IMPORT_ROWS = 10;
export const AUTOMATE_MARKER = 'automate-me';

/** An account with an API inbox, conversations, a webhook, a rule, a labelled audience and a timed funnel. */
export async function createChaosWorkspace(
  client: ChaosClient,
  platformToken: string,
  webhookUrl: string,
  sizes: { conversations: number; audience: number },
): Promise<Workspace> {
  const account = await client.must('/platform/api/v1/accounts', platformToken, { name: 'Cluster chaos' });
  const user = await client.must('/platform/api/v1/users', platformToken, {
    name: 'Chaos admin',
    email: `chaos-${randomUUID()}@example.com`,
  });
  await client.must(`/platform/api/v1/accounts/${account.id}/account_users`, platformToken, {
    user_id: user.id,
    role: 'administrator',
  });
  const token: string = user.access_token;
  const v1 = `/api/v1/accounts/${account.id}`;
  const inbox = await client.must(`${v1}/inboxes`, token, { name: 'Chaos', channel: { type: 'api' } });
  await client.must(`${v1}/webhooks`, token, {
    url: webhookUrl,
    subscriptions: ['message_created', 'contact_created'],
  });
  const conversations: number[] = [];
  for (let index = 0; index < sizes.conversations; index++) {
    const contact = await client.must(`${v1}/contacts`, token, { name: `Seed ${index}`, inbox_id: inbox.id });
    const conversation = await client.must(`${v1}/conversations`, token, {
      inbox_id: inbox.id,
      contact_id: contact.payload.contact.id,
      source_id: contact.payload.contact_inbox.source_id,
    });
    conversations.push(conversation.id);
  }
  const rule = await client.must(`${v1}/automation_rules`, token, {
    name: 'Chaos note',
    event_name: 'message_created',
    conditions: [{ attribute_key: 'content', filter_operator: 'contains', values: [AUTOMATE_MARKER] }],
    actions: [{ action_name: 'add_private_note', action_params: ['noted by the rule'] }],
  });
  const label = await client.must(`${v1}/labels`, token, { title: 'chaos-audience' });
  const audience: number[] = [];
  for (let index = 0; index < sizes.audience; index++) {
    const contact = await client.must(`${v1}/contacts`, token, {
      name: `Audience ${index}`,
      email: `audience-${index}-${randomUUID()}@example.com`,
      inbox_id: inbox.id,
    });
    await client.must(`${v1}/contacts/${contact.payload.contact.id}/labels`, token, { labels: ['chaos-audience'] });
    audience.push(contact.payload.contact.id);
  }
  const funnel = await client.must(`${v1}/funnels`, token, {
    funnel: {
      name: 'Chaos pipeline',
      stages: {
        lead: { name: 'Lead', color: '#1f93ff', position: 1 },
        won: { name: 'Won', color: '#00aa00', position: 2 },
      },
    },
  });
  // An "hour" is KANBAN_HOUR_MS (a second in this run): each card's timer fires a second after it is created.
  await client.must(`${v1}/kanban/automations`, token, {
    kanban_automation: {
      name: 'Chaos timer',
      funnel_id: funnel.id,
      trigger: 'time_in_stage',
      stage_id: 'lead',
      hours: 1,
      actions: [{ action_name: 'add_checklist_item', action_params: ['Follow up'] }],
      active: true,
    },
  });
  return {
    accountId: account.id,
    token,
    inboxId: inbox.id,
    conversations,
    ruleId: rule.payload.id,
    labelId: label.id,
    audience,
    funnelId: funnel.id,
  };
}

/**
 * The load: message writers (every third message sets the rule off), a contact writer, and one
 * writer each of campaigns, Kanban cards (a timer each) and CSV imports. Every attempt and its
 * answer is recorded; `stop()` ends them and resolves once they have.
 */
export function startLoad(
  client: ChaosClient,
  workspace: Workspace,
  attempts: Attempt[],
  options: { messageWriters: number; campaignEveryMs: number; cardEveryMs: number; importEveryMs: number },
): { stop: () => Promise<void> } {
  let running = true;
  const v1 = `/api/v1/accounts/${workspace.accountId}`;
  const token = workspace.token;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const loop = (write: (iteration: number) => Promise<Attempt>, paceMs: (ok: boolean) => number) =>
    (async () => {
      for (let iteration = 0; running; iteration++) {
        const attempt = await write(iteration);
        attempts.push(attempt);
        await pause(paceMs(attempt.status >= 200 && attempt.status < 300));
      }
    })();
  const at = () => Date.now();
  const writers = [
    ...Array.from({ length: options.messageWriters }, (_, writer) =>
      loop(
        async (iteration) => {
          const key = randomUUID();
          const automated = iteration % 3 === 0;
          const started = at();
          const conversation = workspace.conversations[(iteration + writer) % workspace.conversations.length];
          const answer = await client.call(`${v1}/conversations/${conversation}/messages`, token, {
            content: `load ${key}${automated ? ` ${AUTOMATE_MARKER}` : ''}`,
            message_type: 'outgoing',
            echo_id: key,
          });
          return { kind: 'message', key, status: answer.status, at: started, automated };
        },
        (ok) => (ok ? 50 : 250),
      ),
    ),
    loop(
      async () => {
        const key = randomUUID();
        const started = at();
        const answer = await client.call(`${v1}/contacts`, token, {
          name: `Load ${key}`,
          email: `${key}@example.com`,
          inbox_id: workspace.inboxId,
        });
        return { kind: 'contact', key, status: answer.status, at: started };
      },
      (ok) => (ok ? 200 : 500),
    ),
    loop(
      async () => {
        const key = randomUUID();
        const started = at();
        const answer = await client.call(`${v1}/campaigns`, token, {
          title: `Chaos ${key}`,
          message: `Campaign ${key}`,
          inbox_id: workspace.inboxId,
          audience: [{ type: 'Label', id: workspace.labelId }],
        });
        return { kind: 'campaign', key, status: answer.status, at: started, id: answer.body?.id };
      },
      () => options.campaignEveryMs,
    ),
    loop(
      async () => {
        const key = randomUUID();
        const started = at();
        const answer = await client.call(`${v1}/kanban_items`, token, {
          kanban_item: { funnel_id: workspace.funnelId, item_details: { title: `Card ${key}` } },
        });
        return { kind: 'card', key, status: answer.status, at: started, id: answer.body?.id };
      },
      () => options.cardEveryMs,
    ),
    loop(
      async () => {
        const key = randomUUID();
        const started = at();
        const rows = Array.from(
          { length: IMPORT_ROWS },
          (_, row) => `Imported ${row},import-${key}-${row}@example.com`,
        );
        const answer = await client.upload(`${v1}/contacts/import`, token, ['name,email', ...rows].join('\n'));
        return { kind: 'import', key, status: answer.status, at: started, id: answer.body?.id };
      },
      () => options.importEveryMs,
    ),
  ];
  return {
    stop: async () => {
      running = false;
      await Promise.all(writers);
    },
  };
}
