import { CustomAttributeEvents } from '@parley/contracts';
import { createTestAccount, eventually, publishedEvents, type TestAccount } from '@parley/testing';

describe('custom attribute definitions', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('creates a definition and generates its key from the display name', async () => {
    const created = await account.admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: 'Customer Tier',
      attribute_display_type: 6,
      attribute_model: 1,
      attribute_values: ['gold', 'silver'],
      attribute_description: 'Loyalty level',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      account_id: account.id,
      attribute_display_name: 'Customer Tier',
      attribute_display_type: 'list',
      attribute_description: 'Loyalty level',
      attribute_key: 'customer_tier',
      attribute_values: ['gold', 'silver'],
      attribute_model: 'contact_attribute',
      regex_pattern: null,
      regex_cue: null,
      default_value: null,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect((await account.admin.api.get(`/custom_attribute_definitions/${created.body.id}`)).body).toEqual(
      created.body,
    );
  });

  it('stores a default value that fits the display type, and refuses one that does not (422)', async () => {
    const create = (body: Record<string, unknown>) =>
      account.admin.api.post('/custom_attribute_definitions', { attribute_model: 0, ...body });
    const list = await create({
      attribute_display_name: 'Default Tier',
      attribute_display_type: 'list',
      attribute_values: ['gold', 'silver'],
      default_value: 'gold',
    });
    expect(list.status).toBe(201);
    expect(list.body.default_value).toBe('gold');
    expect((await account.admin.api.get(`/custom_attribute_definitions/${list.body.id}`)).body.default_value).toBe(
      'gold',
    );
    const checkbox = await create({
      attribute_display_name: 'Default Vip',
      attribute_display_type: 'checkbox',
      default_value: true,
    });
    expect(checkbox.body.default_value).toBe(true);
    const number = await create({
      attribute_display_name: 'Default Seats',
      attribute_display_type: 'number',
      default_value: 3,
    });
    expect(number.body.default_value).toBe(3);

    const wrong = await create({
      attribute_display_name: 'Default Wrong',
      attribute_display_type: 'number',
      default_value: 'many',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ error: 'Default value must be a number', attributes: ['default_value'] });
    expect(
      (
        await create({
          attribute_display_name: 'Default Object',
          attribute_display_type: 'text',
          default_value: { a: 1 },
        })
      ).status,
    ).toBe(400);

    const outside = await account.admin.api.patch(`/custom_attribute_definitions/${list.body.id}`, {
      default_value: 'bronze',
    });
    expect(outside.status).toBe(422);
    expect(outside.body.attributes).toEqual(['default_value']);
    // A new list that drops the default is refused too; clearing it is allowed.
    expect(
      (await account.admin.api.patch(`/custom_attribute_definitions/${list.body.id}`, { attribute_values: ['silver'] }))
        .status,
    ).toBe(422);
    const cleared = await account.admin.api.patch(`/custom_attribute_definitions/${list.body.id}`, {
      default_value: null,
      attribute_values: ['silver'],
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ default_value: null, attribute_values: ['silver'] });
  });

  it('accepts enum names as well as codes, and filters the list by model', async () => {
    await account.admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: 'Order Number',
      attribute_display_type: 'text',
      attribute_model: 'conversation_attribute',
    });
    const conversation = await account.admin.api.get('/custom_attribute_definitions?attribute_model=0');
    expect(conversation.status).toBe(200);
    expect(
      conversation.body.every(
        (definition: { attribute_model: string }) => definition.attribute_model === 'conversation_attribute',
      ),
    ).toBe(true);
    expect(conversation.body.map((definition: { attribute_key: string }) => definition.attribute_key)).toContain(
      'order_number',
    );
    const contact = await account.admin.api.get('/custom_attribute_definitions?attribute_model=contact_attribute');
    expect(contact.body.map((definition: { attribute_key: string }) => definition.attribute_key)).not.toContain(
      'order_number',
    );
    expect((await account.admin.api.get('/custom_attribute_definitions?attribute_model=7')).status).toBe(400);
  });

  it('keeps keys unique per model', async () => {
    const body = { attribute_display_name: 'Plan', attribute_display_type: 0, attribute_model: 1 };
    expect((await account.admin.api.post('/custom_attribute_definitions', body)).status).toBe(201);
    const again = await account.admin.api.post('/custom_attribute_definitions', body);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ error: 'Attribute key has already been taken', attributes: ['attribute_key'] });
    expect(
      (await account.admin.api.post('/custom_attribute_definitions', { ...body, attribute_model: 0 })).status,
    ).toBe(201);
  });

  it.each([
    [
      { attribute_display_name: 'R', attribute_display_type: 0, attribute_model: 0, regex_pattern: '(unclosed' },
      'regex_pattern',
    ],
    [{ attribute_display_name: 'L', attribute_display_type: 'list', attribute_model: 0 }, 'attribute_values'],
    [
      { attribute_display_name: 'L2', attribute_display_type: 'list', attribute_model: 0, attribute_values: [] },
      'attribute_values',
    ],
    [
      { attribute_display_name: 'N', attribute_display_type: 'number', attribute_model: 0, attribute_values: ['1'] },
      'attribute_values',
    ],
    [
      { attribute_display_name: 'N2', attribute_display_type: 'number', attribute_model: 0, regex_pattern: '^\\d+$' },
      'regex_pattern',
    ],
    [
      { attribute_display_name: 'K', attribute_display_type: 0, attribute_model: 0, attribute_key: 'Has Spaces' },
      'attribute_key',
    ],
    [{ attribute_display_name: '!!!', attribute_display_type: 0, attribute_model: 0 }, 'attribute_key'],
  ])('refuses %j with 422 on %s', async (body, attribute) => {
    const response = await account.admin.api.post('/custom_attribute_definitions', body);
    expect(response.status).toBe(422);
    expect(response.body.attributes).toEqual([attribute]);
  });

  it.each([
    [{ attribute_display_name: 'x', attribute_display_type: 8, attribute_model: 0 }],
    [{ attribute_display_name: 'x', attribute_display_type: 'colour', attribute_model: 0 }],
    [{ attribute_display_name: 'x', attribute_display_type: 0, attribute_model: 'ticket_attribute' }],
    [{ attribute_display_type: 0, attribute_model: 0 }],
  ])('refuses the malformed %j with 400', async (body) => {
    expect((await account.admin.api.post('/custom_attribute_definitions', body)).status).toBe(400);
  });

  it('updates a definition (with a regex and its cue) and announces a renamed key', async () => {
    const created = (
      await account.admin.api.post('/custom_attribute_definitions', {
        attribute_display_name: 'Code',
        attribute_display_type: 0,
        attribute_model: 0,
      })
    ).body;
    const updated = await account.admin.api.patch(`/custom_attribute_definitions/${created.id}`, {
      attribute_key: 'ticket_code',
      regex_pattern: '^[A-Z]{3}-\\d+$',
      regex_cue: 'Use the form ABC-123',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      attribute_key: 'ticket_code',
      regex_pattern: '^[A-Z]{3}-\\d+$',
      regex_cue: 'Use the form ABC-123',
    });
    await eventually(async () => {
      const events = (
        await publishedEvents<{ definition: { id: number }; previous_key: string }>(CustomAttributeEvents.updated)
      ).filter((event) => event.data.definition.id === created.id);
      expect(events.map((event) => event.data.previous_key)).toEqual(['code']);
    });
  });

  it('deletes a definition (204) and announces it so owners erase its values', async () => {
    const created = (
      await account.admin.api.post('/custom_attribute_definitions', {
        attribute_display_name: 'Temporary',
        attribute_display_type: 7,
        attribute_model: 1,
      })
    ).body;
    expect((await account.admin.api.delete(`/custom_attribute_definitions/${created.id}`)).status).toBe(204);
    expect((await account.admin.api.get(`/custom_attribute_definitions/${created.id}`)).status).toBe(404);
    await eventually(async () => {
      const events = (
        await publishedEvents<{ definition: { id: number; attribute_key: string; attribute_model: string } }>(
          CustomAttributeEvents.deleted,
        )
      ).filter((event) => event.data.definition.id === created.id);
      expect(events).toHaveLength(1);
      expect(events[0].data.definition).toMatchObject({
        attribute_key: 'temporary',
        attribute_model: 'contact_attribute',
      });
    });
  });
});
