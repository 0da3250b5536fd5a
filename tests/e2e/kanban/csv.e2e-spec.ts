import { createTestAccount, type ApiClient, type TestAccount } from '@parley/testing';
import { createCard, createFunnel } from './kanban-fixtures';

const ROUND_TRIP = {
  title: 'title',
  description: 'description',
  stage_id: 'stage_id',
  status: 'status',
  priority: 'priority',
  value: 'value',
  currency: 'currency',
  assigned_agents: 'assigned_agents',
  custom_attributes: 'custom_attributes',
};

describe('Kanban CSV export and import', () => {
  let account: TestAccount;
  let api: ApiClient;

  beforeAll(async () => {
    account = await createTestAccount();
    api = account.admin.api;
  });

  const exportCsv = async (funnelId: number) => {
    const response = await fetch(`${api.baseUrl}/kanban_items/export?funnel_id=${funnelId}`, {
      headers: { api_access_token: account.admin.token },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };
  const form = (csv: string | Buffer, fields: Record<string, string> = {}) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append('file', new Blob([csv]), 'cards.csv');
    return body;
  };

  it('exports UTF-8 with BOM, `;`, one row per card, formula-looking cells neutralised; imports it back into another funnel unchanged', async () => {
    const agent = await account.addUser('agent');
    const source = await createFunnel(api);
    await createCard(api, {
      funnel_id: source.id,
      funnel_stage: 'qualified',
      assigned_agents: [agent.id],
      item_details: {
        title: '=HYPERLINK("http://evil.example","click")',
        description: 'Line one; "quoted"\nline two',
        priority: 'high',
        value: 1234.5,
        currency: { code: 'EUR' },
      },
      custom_attributes: { source: 'ads', seats: 3 },
    });
    await createCard(api, {
      funnel_id: source.id,
      funnel_stage: 'won',
      item_details: { title: '@risky', status: 'won', value: -5 },
    });
    await createCard(api, { funnel_id: source.id, item_details: { title: 'Plain card' } });

    const exported = await exportCsv(source.id);
    expect(exported.status).toBe(200);
    expect(exported.type).toContain('text/csv');
    expect([...exported.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = exported.bytes.toString('utf8').slice(1);
    expect(text.split('\n')[0]).toBe(
      'id;title;description;stage;stage_id;status;priority;value;currency;assigned_agents;conversation_display_id;created_at;updated_at;stage_entered_at;custom_attributes',
    );
    expect(text).toContain(`;"'=HYPERLINK(""http://evil.example"",""click"")";`);
    expect(text).toContain(";'@risky;");
    expect(text).not.toMatch(/;=HYPERLINK/);
    expect(text).toContain(';Qualified;qualified;open;high;1234.5;EUR;');

    const target = await createFunnel(api);
    const imported = await api.post('/kanban_items/import', undefined, {
      form: form(exported.bytes, {
        funnel_id: String(target.id),
        default_stage_id: 'lead',
        mappings: JSON.stringify(ROUND_TRIP),
      }),
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ imported: 3, rejected: [] });
    const shape = (card: Record<string, any>) => ({
      stage: card.funnel_stage,
      agents: card.assigned_agents,
      details: { ...card.item_details, conversation_id: null },
      attributes: card.custom_attributes,
    });
    const before = (await api.get(`/kanban_items?funnel_id=${source.id}`)).body.payload.map(shape);
    const after = (await api.get(`/kanban_items?funnel_id=${target.id}`)).body.payload.map(shape);
    const byTitle = (cards: Array<{ details: { title: string } }>) =>
      [...cards].sort((a, b) => a.details.title.localeCompare(b.details.title));
    expect(byTitle(after)).toEqual(byTitle(before));
  });

  it('previews the first 10 rows and the columns, detecting `,`, a BOM and quoted fields', async () => {
    const lines = [
      'Name,Amount,"Notes, long"',
      ...Array.from({ length: 12 }, (_, i) => `Deal ${i},${i * 10},"says ""hi"", twice"`),
    ];
    const preview = await api.post('/kanban_items/import_preview', undefined, {
      form: form(`\uFEFF${lines.join('\r\n')}\r\n`),
    });
    expect(preview.status).toBe(200);
    expect(preview.body.separator).toBe(',');
    expect(preview.body.columns).toEqual(['Name', 'Amount', 'Notes, long']);
    expect(preview.body.rows).toHaveLength(10);
    expect(preview.body.rows[1]).toEqual(['Deal 1', '10', 'says "hi", twice']);
    expect((await api.post('/kanban_items/import_preview', undefined, { form: new FormData() })).status).toBe(400);
  });

  it('imports the valid rows and reports the others with their line and reason', async () => {
    const funnel = await createFunnel(api, { global_custom_attributes: [{ key: 'seats', type: 'number' }] });
    const csv = [
      'Title;Amount;Stage;Owner;Seats',
      'Good one;100;Qualified;;2',
      ';50;lead;;',
      'Bad amount;lots;lead;;',
      'Unknown stage;10;Nowhere;;',
      'Bad agent;10;lead;999999;',
      'Bad seats;10;lead;;many',
      'Default stage;7;;;',
    ].join('\n');
    const mappings = {
      Title: 'title',
      Amount: 'value',
      Stage: 'stage',
      Owner: 'assigned_agents',
      Seats: 'custom_attributes.seats',
    };
    const response = await api.post('/kanban_items/import', undefined, {
      form: form(csv, {
        funnel_id: String(funnel.id),
        default_stage_id: 'proposal',
        mappings: JSON.stringify(mappings),
      }),
    });
    expect(response.status).toBe(200);
    expect(response.body.imported).toBe(2);
    expect(response.body.rejected.map((row: { line: number }) => row.line)).toEqual([3, 4, 5, 6, 7]);
    expect(response.body.rejected[0].reason).toBe('title is blank');
    expect(response.body.rejected[3].reason).toContain('999999');
    const cards = (await api.get(`/kanban_items?funnel_id=${funnel.id}`)).body.payload;
    expect(
      cards
        .map((card: { funnel_stage: string; item_details: { title: string } }) => [
          card.item_details.title,
          card.funnel_stage,
        ])
        .sort(),
    ).toEqual([
      ['Default stage', 'proposal'],
      ['Good one', 'qualified'],
    ]);
  });

  it('refuses a bad mapping, an unknown funnel or stage, and a malformed request', async () => {
    const funnel = await createFunnel(api);
    const fields = (mappings: unknown, extra: Record<string, string> = {}) => ({
      funnel_id: String(funnel.id),
      default_stage_id: 'lead',
      mappings: JSON.stringify(mappings),
      ...extra,
    });
    const csv = 'Title;Amount\nA;1\n';
    const unknownColumn = await api.post('/kanban_items/import', undefined, {
      form: form(csv, fields({ Name: 'title' })),
    });
    expect([unknownColumn.status, unknownColumn.body.attributes]).toEqual([422, ['mappings']]);
    expect(
      (await api.post('/kanban_items/import', undefined, { form: form(csv, fields({ Title: 'owner' })) })).status,
    ).toBe(422);
    expect(
      (await api.post('/kanban_items/import', undefined, { form: form(csv, fields({ Amount: 'value' })) })).status,
    ).toBe(422);
    expect(
      (
        await api.post('/kanban_items/import', undefined, {
          form: form(csv, fields({ Title: 'title' }, { default_stage_id: 'nope' })),
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api.post('/kanban_items/import', undefined, {
          form: form(csv, fields({ Title: 'title' }, { funnel_id: '999999' })),
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api.post('/kanban_items/import', undefined, {
          form: form(csv, { funnel_id: String(funnel.id), default_stage_id: 'lead', mappings: '{not json' }),
        })
      ).status,
    ).toBe(400);
    const broken = await api.post('/kanban_items/import', undefined, {
      form: form('Title;Amount\n"unterminated;1\n', fields({ Title: 'title' })),
    });
    expect([broken.status, broken.body.attributes]).toEqual([422, ['file']]);
    expect((await exportCsv(999999)).status).toBe(404);
    expect((await api.get('/kanban_items/export')).status).toBe(400);
  });
});
