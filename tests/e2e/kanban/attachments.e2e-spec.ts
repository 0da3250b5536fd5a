import { createTestAccount, eventually, gatewayClient, type ApiClient, type TestAccount } from '@parley/testing';
import { createCard, createFunnel } from './kanban-fixtures';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]);

describe('Kanban attachments', () => {
  let account: TestAccount;
  let api: ApiClient;
  let funnelId: number;

  beforeAll(async () => {
    account = await createTestAccount();
    api = account.admin.api;
    funnelId = (await createFunnel(api)).id;
  });

  const upload = (path: string, name: string, content: Buffer | Blob, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('attachment', content instanceof Blob ? content : new Blob([content]), name);
    return api.post(path, undefined, { form });
  };
  /** The signed link, fetched as any client would (no token). */
  const download = (url: string) => fetch(url.replace(/^https?:\/\/[^/]+/, gatewayClient().baseUrl));

  it('stores a file of an allowed type, lists it with a signed link, and deletes it (the file goes too)', async () => {
    const card = await createCard(api, { funnel_id: funnelId, item_details: { title: 'With files' } });
    const created = await upload(`/kanban/items/${card.id}/attachments`, 'logo.png', PNG);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      item_id: card.id,
      note_id: null,
      file_size: PNG.length,
      file_type: 'image/png',
      file_name: 'logo.png',
    });
    expect(created.body.file_url).toMatch(/signature=/);
    const fetched = await download(created.body.file_url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG)).toBe(true);
    const pdf = await upload(`/kanban/items/${card.id}/attachments`, 'offer.pdf', PDF);
    expect(pdf.body.file_type).toBe('application/pdf');

    expect((await api.get(`/kanban/items/${card.id}/attachments`)).body.map((file: { id: number }) => file.id)).toEqual(
      [created.body.id, pdf.body.id],
    );
    expect((await api.delete(`/kanban/items/${card.id}/attachments/${created.body.id}`)).status).toBe(204);
    expect((await api.delete(`/kanban/items/${card.id}/attachments/${created.body.id}`)).status).toBe(404);
    await eventually(async () => expect((await download(created.body.file_url)).status).toBe(404));

    // Deleting the card removes its files.
    expect((await api.delete(`/kanban_items/${card.id}`)).status).toBe(204);
    await eventually(async () => expect((await download(pdf.body.file_url)).status).toBe(404));
  });

  it("removes the files of a funnel's cards with the funnel", async () => {
    const funnel = await createFunnel(api);
    const card = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'In a doomed funnel' } });
    const file = await upload(`/kanban/items/${card.id}/attachments`, 'doomed.png', PNG);
    expect((await download(file.body.file_url)).status).toBe(200);
    expect((await api.delete(`/funnels/${funnel.id}`)).status).toBe(204);
    await eventually(async () => expect((await download(file.body.file_url)).status).toBe(404));
  });

  it('refuses a file whose content is not what its name says, a type not on the list, a 26 MB file, and no file', async () => {
    const card = await createCard(api, { funnel_id: funnelId, item_details: { title: 'Refusals' } });
    const disguised = await upload(`/kanban/items/${card.id}/attachments`, 'invoice.pdf', EXE);
    expect(disguised.status).toBe(400);
    expect(disguised.body.error).toContain('not a PDF');
    expect((await upload(`/kanban/items/${card.id}/attachments`, 'tool.exe', EXE)).status).toBe(400);
    const big = new Blob([PDF, new Uint8Array(26 * 1024 * 1024)]);
    const tooLarge = await upload(`/kanban/items/${card.id}/attachments`, 'huge.pdf', big);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error).toContain('25 MB');
    const form = new FormData();
    form.append('note_id', '1');
    expect((await api.post(`/kanban/items/${card.id}/attachments`, undefined, { form })).status).toBe(400);
    expect((await api.get(`/kanban/items/${card.id}/attachments`)).body).toEqual([]);
    expect((await upload('/kanban/items/999999/attachments', 'logo.png', PNG)).status).toBe(404);
  });

  it("attaches files to a note (listed in the note's attachments), removed with the note", async () => {
    const card = await createCard(api, { funnel_id: funnelId, item_details: { title: 'Noted files' } });
    const note = (await api.post(`/kanban_items/${card.id}/create_note`, { text: 'See attached' })).body;
    const attached = await upload(`/kanban/items/${card.id}/note_attachments`, 'scan.pdf', PDF, {
      note_id: String(note.id),
    });
    expect(attached.status).toBe(201);
    expect(attached.body.note_id).toBe(note.id);
    expect((await api.get(`/kanban_items/${card.id}/get_notes`)).body[0].attachments).toEqual([attached.body.id]);
    expect((await upload(`/kanban/items/${card.id}/note_attachments`, 'scan.pdf', PDF)).status).toBe(400);
    expect(
      (await upload(`/kanban/items/${card.id}/note_attachments`, 'scan.pdf', PDF, { note_id: '999999' })).status,
    ).toBe(404);
    // A card attachment is not a note attachment.
    const plain = await upload(`/kanban/items/${card.id}/attachments`, 'plain.pdf', PDF);
    expect((await api.delete(`/kanban/items/${card.id}/note_attachments/${plain.body.id}`)).status).toBe(404);

    expect((await api.delete(`/kanban_items/${card.id}/delete_note`, { body: { note_id: note.id } })).status).toBe(204);
    expect((await api.get(`/kanban/items/${card.id}/attachments`)).body.map((file: { id: number }) => file.id)).toEqual(
      [plain.body.id],
    );
    await eventually(async () => expect((await download(attached.body.file_url)).status).toBe(404));
  });
});
