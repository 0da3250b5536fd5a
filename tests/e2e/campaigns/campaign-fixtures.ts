import { eventually, readE2eState, type TestAccount } from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const unique = () => randomBytes(3).toString('hex');

/** A label and `count` contacts carrying it (named C0…, with an e-mail and a custom attribute). */
export async function labelledContacts(
  account: TestAccount,
  inboxId: number,
  count: number,
): Promise<{ labelId: number; title: string; contactIds: number[] }> {
  const api = account.admin.api;
  const title = `aud-${unique()}`;
  const label = await api.post('/labels', { title });
  if (label.status !== 201) throw new Error(`label: ${label.status}`);
  const contactIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const created = await api.post('/contacts', {
      inbox_id: inboxId,
      name: `C${i} ${title}`,
      email: `c${i}-${title}@example.com`,
      custom_attributes: { plan: `plan${i}` },
    });
    if (created.status !== 201) throw new Error(`contact: ${created.status} ${JSON.stringify(created.body)}`);
    const id = created.body.payload.contact.id as number;
    await api.post(`/contacts/${id}/labels`, { labels: [title] });
    contactIds.push(id);
  }
  return { labelId: label.body.id, title, contactIds };
}

/** Per contact: how many messages of the campaign's conversations it got (read in messaging's tables). */
export async function campaignMessagesPerContact(campaignId: number): Promise<Map<number, number>> {
  const client = new Client({ connectionString: readE2eState().databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT c.contact_id, count(m.id)::int AS messages FROM messaging.conversations c JOIN messaging.messages m ON m.conversation_id = c.id
        WHERE c.campaign_id = $1 AND m.message_type = 'outgoing' GROUP BY c.contact_id`,
      [campaignId],
    );
    return new Map(rows.map((row: { contact_id: number; messages: number }) => [row.contact_id, row.messages]));
  } finally {
    await client.end();
  }
}

/** The outgoing messages of a campaign's conversations, per contact. */
export async function campaignMessageContents(campaignId: number): Promise<Map<number, string[]>> {
  const client = new Client({ connectionString: readE2eState().databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT c.contact_id, m.content FROM messaging.conversations c JOIN messaging.messages m ON m.conversation_id = c.id
        WHERE c.campaign_id = $1 AND m.message_type = 'outgoing' ORDER BY m.id`,
      [campaignId],
    );
    const byContact = new Map<number, string[]>();
    for (const row of rows as Array<{ contact_id: number; content: string }>)
      byContact.set(row.contact_id, [...(byContact.get(row.contact_id) ?? []), row.content]);
    return byContact;
  } finally {
    await client.end();
  }
}

/** The campaign once it has reached `status` (polled through the API). */
export function campaignInStatus(
  account: TestAccount,
  id: number,
  status: string,
  timeoutMs = 30_000,
): Promise<Record<string, unknown>> {
  return eventually(
    async () => {
      const campaign = (await account.admin.api.get(`/campaigns/${id}`)).body;
      expect(campaign.status).toBe(status);
      return campaign;
    },
    { timeoutMs },
  );
}

/** Whether no replica holds the campaign (its runner has recorded its last sends and let it go). */
export async function campaignUnclaimed(campaignId: number): Promise<boolean> {
  const client = new Client({ connectionString: readE2eState().databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT lease_owner FROM campaigns.campaigns WHERE id = $1', [campaignId]);
    return rows[0]?.lease_owner === null;
  } finally {
    await client.end();
  }
}
