import { createTestAccount, gatewayClient, readE2eState, seedContact, type TestAccount } from '@parley/testing';

/** The page a survey message links to: public, per survey token, posting to the CSAT endpoint. */
describe('CSAT survey page', () => {
  let account: TestAccount;
  let inboxId: number;

  beforeAll(async () => {
    account = await createTestAccount();
    inboxId = (
      await account.admin.api.post('/inboxes', {
        name: 'Survey',
        channel: { type: 'api' },
        csat_survey_enabled: true,
        enable_auto_assignment: false,
      })
    ).body.id;
  });

  /** Resolves a new conversation and answers its survey message's token and link. */
  async function survey(): Promise<{ token: string; url: string }> {
    const contact = await seedContact(account.id);
    const conversation = await account.admin.api.post('/conversations', {
      source_id: `s-${contact.id}`,
      inbox_id: inboxId,
      contact_id: contact.id,
    });
    expect(conversation.status).toBe(201);
    await account.admin.api.post(`/conversations/${conversation.body.id}/toggle_status`, { status: 'resolved' });
    const messages: Array<{ content_type: string; content_attributes: Record<string, string> }> = (
      await account.admin.api.get(`/conversations/${conversation.body.id}/messages`)
    ).body.payload;
    const attributes = messages.find((message) => message.content_type === 'input_csat')!.content_attributes;
    return { token: attributes.csat_survey_token, url: attributes.csat_survey_url };
  }

  it('is linked from the survey message and served without a login, as an accessible form', async () => {
    const { token, url } = await survey();
    expect(url).toBe(`${readE2eState().gatewayUrl}/survey/responses/${token}`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`data-token="${token}"`);
    expect(html).toMatch(/<fieldset>\s*<legend>Your rating<\/legend>/);
    expect(html.match(/<input type="radio" name="rating" value="[1-5]" required>/g)).toHaveLength(5);
    expect(html).toContain('<label for="feedback">');
    expect(html).toContain('role="status" aria-live="polite"');
    // A fresh nonce per answer.
    const second = await fetch(url);
    expect(second.headers.get('content-security-policy')).not.toBe(policy);
  });

  it("takes the rating the page posts, at the survey's public address, into the CSAT report", async () => {
    const { token, url } = await survey();
    const html = await (await fetch(url)).text();
    // What the page's script sends: the token from the page, to the path it names.
    const posted = /fetch\('([^']+)' \+ encodeURIComponent\(form\.dataset\.token\)/.exec(html)?.[1];
    expect(posted).toBe('/public/api/v1/csat_survey/');
    const pageToken = /data-token="([^"]+)"/.exec(html)![1];
    // Right after the resolve: reporting asks messaging about a survey its events have not brought yet.
    const response = await gatewayClient().post(`${posted}${pageToken}`, {
      rating: 4,
      feedback_message: 'Quick and kind',
    });
    expect(response.status).toBe(200);
    const rated = response.body;
    expect(rated).toMatchObject({ rating: 4, feedback_message: 'Quick and kind', inbox_id: inboxId });
    const report = await gatewayClient(account.admin.token).get(`/api/v2/accounts/${account.id}/csat_reports`);
    expect(report.body.csat_survey_responses).toContainEqual(expect.objectContaining({ id: rated.id, rating: 4 }));
    expect(token).toBe(pageToken);
  });

  it('answers 404 {"error"} for a token no survey carries, and for one that is not a token', async () => {
    for (const token of ['6f1c2f8e-3b1d-4c55-9a57-0d8d6f2b9e11', 'not-a-token', '<script>alert(1)</script>']) {
      const response = await gatewayClient().get(`/survey/responses/${encodeURIComponent(token)}`);
      expect({ token, status: response.status }).toEqual({ token, status: 404 });
      expect(response.body).toEqual({ error: 'Survey not found' });
    }
  });
});
