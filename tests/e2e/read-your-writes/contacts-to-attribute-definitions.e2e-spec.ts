import { createTestAccount, type TestAccount } from '@parley/testing';

/**
 * Contacts validates custom attributes against its copy of messaging's definitions, which lags
 * their events: a definition created or changed a moment ago must be enforced at once.
 */
describe('read your writes: contact attributes → attribute definitions', () => {
  const ITERATIONS = 20;
  let account: TestAccount;
  let inbox: number;

  beforeAll(async () => {
    account = await createTestAccount();
    inbox = (await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
  });

  const define = async (body: Record<string, unknown>) => {
    const created = await account.admin.api.post('/custom_attribute_definitions', {
      attribute_model: 'contact_attribute',
      ...body,
    });
    expect(created.status).toBe(201);
    return created.body as { id: number; attribute_key: string };
  };

  it(`enforces a list definition created just before, on create and on update (${ITERATIONS} times)`, async () => {
    for (let i = 0; i < ITERATIONS; i++) {
      const key = `plan_${i}`;
      const definition = await define({
        attribute_display_name: `Plan ${i}`,
        attribute_key: key,
        attribute_display_type: 'list',
        attribute_values: ['free', 'pro'],
      });
      const refused = await account.admin.api.post('/contacts', {
        inbox_id: inbox,
        name: `Refused ${i}`,
        custom_attributes: { [key]: 'enterprise' },
      });
      expect({ i, status: refused.status, body: refused.body }).toEqual({
        i,
        status: 422,
        body: { error: `Plan ${i} must be one of: free, pro`, attributes: [`custom_attributes.${key}`] },
      });
      const accepted = await account.admin.api.post('/contacts', {
        inbox_id: inbox,
        name: `Accepted ${i}`,
        custom_attributes: { [key]: 'pro' },
      });
      expect({ i, status: accepted.status }).toEqual({ i, status: 201 });
      const id = accepted.body.payload.contact.id;
      expect((await account.admin.api.patch(`/contacts/${id}`, { custom_attributes: { [key]: 'gold' } })).status).toBe(
        422,
      );

      // A value the definition allows from a moment ago on.
      expect(
        (
          await account.admin.api.patch(`/custom_attribute_definitions/${definition.id}`, {
            attribute_values: ['free', 'pro', 'gold'],
          })
        ).status,
      ).toBe(200);
      const updated = await account.admin.api.patch(`/contacts/${id}`, { custom_attributes: { [key]: 'gold' } });
      expect({ i, status: updated.status, body: updated.body }).toMatchObject({
        status: 200,
        body: { payload: { custom_attributes: { [key]: 'gold' } } },
      });
    }
  });

  it(`filters by a number definition created just before as numbers (${ITERATIONS} times)`, async () => {
    for (let i = 0; i < ITERATIONS; i++) {
      const key = `score_${i}`;
      await define({ attribute_display_name: `Score ${i}`, attribute_key: key, attribute_display_type: 'number' });
      const contact = (
        await account.admin.api.post('/contacts', {
          inbox_id: inbox,
          name: `Scored ${i}`,
          custom_attributes: { [key]: 10 },
        })
      ).body.payload.contact.id;
      const found = await account.admin.api.post('/contacts/filter', {
        payload: [{ attribute_key: `custom_attributes.${key}`, filter_operator: 'greater_than', values: [9] }],
      });
      expect({ i, status: found.status, ids: found.body.payload?.map((c: { id: number }) => c.id) }).toEqual({
        i,
        status: 200,
        ids: [contact],
      });
    }
  });

  it('still takes keys without a definition as free-form', async () => {
    const created = await account.admin.api.post('/contacts', {
      inbox_id: inbox,
      name: 'Free',
      custom_attributes: { nickname: 42, plan_0: 'free' },
    });
    expect(created.status).toBe(201);
    expect(created.body.payload.contact.custom_attributes).toEqual({ nickname: 42, plan_0: 'free' });
  });
});
