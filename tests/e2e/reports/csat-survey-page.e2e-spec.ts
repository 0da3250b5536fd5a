import {
  createTestAccount,
  gatewayClient,
  launchChromium,
  readE2eState,
  seedContact,
  type TestAccount,
} from '@parley/testing';

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

  it('is answered in a browser with the keyboard alone, under its Content-Security-Policy', async () => {
    const { url } = await survey();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(String(error)));
      await page.goto(url, { waitUntil: 'load' });
      const status = () => page.$eval('#status', (element) => element.textContent);
      const statusBecomes = (text: string) =>
        // (Run in the page, as a string: the tests compile without the DOM's types.)
        page.waitForFunction(`document.getElementById('status').textContent === ${JSON.stringify(text)}`, {
          timeout: 10_000,
        });

      // What a screen reader is told: a named group of five named radios, a named text box, a named button.
      const tree = await page.accessibility.snapshot({ interestingOnly: true });
      const nodes: Array<{ role: string; name?: string }> = [];
      const walk = (node: { role: string; name?: string; children?: unknown[] } | null) => {
        if (!node) return;
        nodes.push({ role: node.role, name: node.name });
        for (const child of (node.children ?? []) as Array<typeof node>) walk(child);
      };
      walk(tree);
      expect(nodes.filter((node) => node.role === 'radio').map((node) => node.name)).toEqual([
        '1 · Very dissatisfied',
        '2 · Dissatisfied',
        '3 · Neutral',
        '4 · Satisfied',
        '5 · Very satisfied',
      ]);
      expect(nodes).toContainEqual({ role: 'textbox', name: 'Anything you would like to add? (optional)' });
      expect(nodes).toContainEqual({ role: 'button', name: 'Send my rating' });

      // Sending without a rating asks for one (the page's script ran: its CSP admitted it).
      await page.keyboard.press('Tab'); // the rating group
      await page.keyboard.press('Tab'); // the comment
      await page.keyboard.press('Tab'); // the button
      await page.keyboard.press('Enter');
      await statusBecomes('Please choose a rating first.');

      // Focus went back to the group: arrows pick the rating, then the comment, then Enter on the button.
      expect(await page.evaluate('document.activeElement.name + "=" + document.activeElement.value')).toBe('rating=1');
      for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Solved without a mouse');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await statusBecomes('Thank you! Your rating was saved.');
      expect(await status()).toBe('Thank you! Your rating was saved.');
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
    // Posted right after the resolve: reporting asked messaging about a survey its events had not brought yet.
    const report = await gatewayClient(account.admin.token).get(`/api/v2/accounts/${account.id}/csat_reports`);
    expect(report.body.csat_survey_responses).toContainEqual(
      expect.objectContaining({ rating: 4, feedback_message: 'Solved without a mouse', inbox_id: inboxId }),
    );
  });

  it('answers 404 {"error"} for a token no survey carries, and for one that is not a token', async () => {
    for (const token of ['6f1c2f8e-3b1d-4c55-9a57-0d8d6f2b9e11', 'not-a-token', '<script>alert(1)</script>']) {
      const response = await gatewayClient().get(`/survey/responses/${encodeURIComponent(token)}`);
      expect({ token, status: response.status }).toEqual({ token, status: 404 });
      expect(response.body).toEqual({ error: 'Survey not found' });
    }
  });
});
