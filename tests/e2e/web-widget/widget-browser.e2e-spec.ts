import {
  CableClient,
  createTestAccount,
  eventually,
  gatewayClient,
  launchChromium,
  readE2eState,
  type CableSubscription,
  type TestAccount,
} from '@parley/testing';
import { DEFAULT_MESSAGE_DELETED_PLACEHOLDER } from '@parley/contracts';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';

const DEMO = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'widget-demo.html'));
const COLOR = '#0a7d4f';

/** The demo page served as another website would serve it: another origin than the gateway's. */
async function serveDemo(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(DEMO);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

/** What the visitor's widget shows, read through its shadow root (page code as text: the suites have no DOM types). */
const STATE = `(() => {
  const root = document.querySelector('#parley-widget').shadowRoot;
  const badge = root.querySelector('.badge');
  const launcher = root.querySelector('.launcher');
  return {
    open: !root.querySelector('.chat').hidden,
    title: root.querySelector('h2').textContent,
    messages: [...root.querySelectorAll('li')].map((item) => item.className + ':' + item.textContent),
    typing: !root.querySelector('.typing').hidden,
    badge: badge.hidden ? null : badge.textContent,
    label: launcher.getAttribute('aria-label'),
    launcherColor: getComputedStyle(launcher).backgroundColor,
    focused: document.activeElement && document.activeElement.id === 'parley-widget' && root.activeElement
      ? root.activeElement.tagName + '.' + root.activeElement.className : null,
  };
})()`;

interface WidgetState {
  open: boolean;
  title: string;
  messages: string[];
  typing: boolean;
  badge: string | null;
  label: string;
  launcherColor: string;
  focused: string | null;
}

const widgetState = (page: Page) => page.evaluate(STATE) as Promise<WidgetState>;
const READY = `document.getElementById('status').textContent === 'Widget ready.'`;
/** Runs `call` on `window.$chatwoot` in the page; answers 'ok' or the rejection's message. */
const sdk = (page: Page, call: string) =>
  page.evaluate(`window.$chatwoot.${call}.then(() => 'ok', (error) => error.message)`) as Promise<string>;

/**
 * The web widget in Debian's Chromium: the demo page embeds the reference's snippet, a visitor
 * writes, an agent answers through the REST API, and the answer appears live.
 */
describe('web widget in a browser', () => {
  let account: TestAccount;
  let inbox: { id: number; website_token: string; hmac_token: string };
  let browser: Browser;
  let demo: { server: Server; origin: string };
  let agentCable: CableClient;
  let agentStream: CableSubscription;
  const gateway = () => readE2eState().gatewayUrl;
  const demoUrl = () => `${demo.origin}/widget-demo.html?websiteToken=${inbox.website_token}&baseUrl=${gateway()}`;

  beforeAll(async () => {
    account = await createTestAccount();
    inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Shop',
        channel: {
          type: 'web_widget',
          website_url: 'https://shop.example.com',
          widget_color: COLOR,
          welcome_title: 'Hi there!',
          welcome_tagline: 'We reply in minutes',
        },
        enable_auto_assignment: false,
      })
    ).body;
    demo = await serveDemo();
    browser = await launchChromium();
    const profile = (await gatewayClient(account.admin.token).get('/api/v1/profile')).body;
    agentCable = new CableClient(`${gateway().replace(/^http/, 'ws')}/cable`);
    agentStream = agentCable.room({
      pubsub_token: profile.pubsub_token,
      user_id: account.admin.id,
      account_id: account.id,
    });
    await eventually(() => expect(agentStream.connects).toBe(1));
  });

  afterAll(async () => {
    agentCable?.close();
    await browser?.close();
    await new Promise((resolve) => demo?.server.close(resolve));
  });

  async function openDemo(page: Page, url = demoUrl()): Promise<void> {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(READY, { timeout: 10_000 });
    expect(problems).toEqual([]);
  }

  interface Listed {
    id: number;
    meta: { sender: { id: number; identifier: string | null } };
  }

  /** The inbox's conversation of the contact `which` picks (the only one of the inbox when omitted). */
  async function conversationOf(which: (conversation: Listed) => boolean = () => true): Promise<Listed> {
    return eventually(async () => {
      const listed = await account.admin.api.get(`/conversations?inbox_id=${inbox.id}&status=all`);
      const found: Listed[] = listed.body.data.payload.filter(which);
      expect(found).toHaveLength(1);
      return found[0];
    });
  }

  const contentsOf = async (conversationId: number) =>
    (await account.admin.api.get(`/conversations/${conversationId}/messages`)).body.payload.map(
      (message: { content: string }) => message.content,
    );

  it('serves the script to any site, cached and revalidated, and the widget settings of the inbox', async () => {
    const script = await fetch(`${gateway()}/packs/js/sdk.js`, {
      headers: { origin: 'https://any-site.example', 'accept-encoding': 'gzip' },
    });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(script.headers.get('cache-control')).toBe('public, max-age=3600');
    const body = await script.text();
    expect(body).toContain('chatwootSDK');
    const etag = script.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await fetch(`${gateway()}/packs/js/sdk.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const config = await gatewayClient().get(`/public/api/v1/inboxes/${inbox.website_token}/widget_config`);
    expect(config.status).toBe(200);
    expect(config.body).toEqual({
      name: 'Shop',
      website_url: 'https://shop.example.com',
      widget_color: COLOR,
      welcome_title: 'Hi there!',
      welcome_tagline: 'We reply in minutes',
      campaigns: [],
    });
    const api = (await account.admin.api.post('/inboxes', { name: 'Bridge', channel: { type: 'api' } })).body;
    const notWidget = await gatewayClient().get(`/public/api/v1/inboxes/${api.inbox_identifier}/widget_config`);
    expect(notWidget.status).toBe(404);
    expect(notWidget.body).toEqual({ error: 'Resource could not be found' });
    const visit = { url: 'https://shop.example.com/', time_on_page: 3 };
    const stranger = await gatewayClient().post(
      `/public/api/v1/inboxes/${inbox.website_token}/contacts/no-such-visitor/campaign_triggers`,
      visit,
    );
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ error: 'Resource could not be found' });
    const bridgeVisitor = (await gatewayClient().post(`/public/api/v1/inboxes/${api.inbox_identifier}/contacts`, {}))
      .body;
    const bridgeTrigger = await gatewayClient().post(
      `/public/api/v1/inboxes/${api.inbox_identifier}/contacts/${bridgeVisitor.source_id}/campaign_triggers`,
      visit,
    );
    expect(bridgeTrigger.status).toBe(404);
  });

  it('lets a visitor and an agent talk live, typing both ways, with the keyboard alone', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await openDemo(page);
    // The page's `button { background: #c00 !important }` does not reach the shadow root.
    expect(await widgetState(page)).toMatchObject({
      launcherColor: 'rgb(10, 125, 79)',
      label: 'Open chat',
      title: 'Hi there!',
      open: false,
    });

    // Tab reaches the launcher, Enter opens the window with the focus in the message box.
    await page.keyboard.press('Tab');
    expect((await widgetState(page)).focused).toBe('BUTTON.launcher');
    await page.keyboard.press('Enter');
    expect(await widgetState(page)).toMatchObject({ open: true, focused: 'TEXTAREA.', label: 'Close chat' });

    await page.keyboard.type('Hello from the page');
    await page.keyboard.press('Enter');
    const conversation = await conversationOf();
    await eventually(async () => expect(await contentsOf(conversation.id)).toContain('Hello from the page'));

    // The agent types: the visitor sees it.
    await account.admin.api.post(`/conversations/${conversation.id}/toggle_typing_status`, { typing_status: 'on' });
    await eventually(async () => expect((await widgetState(page)).typing).toBe(true), { timeoutMs: 5000 });

    // The visitor types: the agent's stream says so.
    await page.keyboard.type('still');
    await eventually(
      () =>
        expect(
          agentStream.received.some(
            (frame) => frame.event === 'conversation.typing_on' && frame.data.user?.type === 'contact',
          ),
        ).toBe(true),
      { timeoutMs: 5000 },
    );

    // The agent answers: within a second the visitor's window shows it, with no reload.
    const shown = page.waitForFunction(
      `[...document.querySelector('#parley-widget').shadowRoot.querySelectorAll('li.out')]
        .some((item) => item.textContent === 'How can I help?')`,
      { timeout: 1000, polling: 'raf' },
    );
    const started = Date.now();
    const reply = await account.admin.api.post(`/conversations/${conversation.id}/messages`, {
      content: 'How can I help?',
    });
    expect(reply.status).toBe(201);
    await shown;
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await widgetState(page)).typing).toBe(false);

    // Escape closes the window and gives the focus back to the launcher.
    await page.keyboard.press('Escape');
    expect(await widgetState(page)).toMatchObject({ open: false, focused: 'BUTTON.launcher' });

    // While closed, replies count as unread on the launcher.
    await account.admin.api.post(`/conversations/${conversation.id}/messages`, { content: 'Are you there?' });
    await eventually(
      async () => expect(await widgetState(page)).toMatchObject({ badge: '1', label: 'Open chat, 1 unread' }),
      { timeoutMs: 5000 },
    );
    await page.keyboard.press('Enter');
    expect(await widgetState(page)).toMatchObject({ open: true, badge: null });

    // A reload keeps the visitor and the conversation (remembered in the browser).
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(READY);
    // Read before: nothing counts as unread again.
    expect(await widgetState(page)).toMatchObject({
      messages: ['in:Hello from the page', 'out:How can I help?', 'out:Are you there?'],
      badge: null,
    });
    // The agent deletes a reply: the open window redraws it in place as the inbox's placeholder.
    const question = (await account.admin.api.get(`/conversations/${conversation.id}/messages`)).body.payload.find(
      (message: { content: string }) => message.content === 'Are you there?',
    );
    expect((await account.admin.api.delete(`/conversations/${conversation.id}/messages/${question.id}`)).status).toBe(
      200,
    );
    await eventually(
      async () =>
        expect((await widgetState(page)).messages).toEqual([
          'in:Hello from the page',
          'out:How can I help?',
          `out:${DEFAULT_MESSAGE_DELETED_PLACEHOLDER}`,
        ]),
      { timeoutMs: 5000 },
    );
    await page.evaluate(`window.$chatwoot.toggle('open')`);
    await page.keyboard.type('Thanks!');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await contentsOf(conversation.id)).toContain('Thanks!'));
    expect((await conversationOf()).id).toBe(conversation.id);
    await context.close();
  });

  it('identifies the visitor with setUser and identifier_hash, and refuses a wrong hash', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await openDemo(page);
    const identifier = `customer-${Date.now()}`;
    const hash = createHmac('sha256', inbox.hmac_token).update(identifier).digest('hex');
    const refused = await sdk(
      page,
      `setUser(${JSON.stringify(identifier)}, { name: 'Ida', identifier_hash: '${'f'.repeat(64)}' })`,
    );
    expect(refused).toBe('HMAC failed: Invalid Identifier Hash Provided');
    const user = { name: 'Ida', email: `${identifier}@example.com`, identifier_hash: hash };
    expect(await sdk(page, `setUser(${JSON.stringify(identifier)}, ${JSON.stringify(user)})`)).toBe('ok');
    expect(await sdk(page, `setCustomAttributes({ plan: 'gold' })`)).toBe('ok');
    await page.evaluate(`window.$chatwoot.toggle(true)`);
    await page.keyboard.type('I am Ida');
    await page.keyboard.press('Enter');
    const conversation = await conversationOf((listed) => listed.meta.sender.identifier === identifier);
    await eventually(async () => expect(await contentsOf(conversation.id)).toContain('I am Ida'));
    const contact = (await account.admin.api.get(`/contacts/${conversation.meta.sender.id}`)).body.payload;
    expect(contact).toMatchObject({ identifier, name: 'Ida', email: `${identifier}@example.com` });
    expect(contact.custom_attributes).toMatchObject({ plan: 'gold' });

    // reset() forgets the visitor: the next visit starts anonymous.
    await page.evaluate(`window.$chatwoot.reset()`);
    expect(await page.evaluate(`Object.keys(localStorage)`)).toEqual([]);
    await context.close();
  });

  it("fires an ongoing campaign after its time on the campaign's page", async () => {
    const url = `${demoUrl()}&page=pricing`;
    const campaign = await account.admin.api.post('/campaigns', {
      title: 'Pricing help',
      message: 'Questions about pricing?',
      inbox_id: inbox.id,
      campaign_type: 'ongoing',
      sender_id: account.admin.id,
      trigger_rules: { url, time_on_page: 1 },
    });
    expect(campaign.status).toBe(201);
    const config = await gatewayClient().get(`/public/api/v1/inboxes/${inbox.website_token}/widget_config`);
    expect(config.body.campaigns).toEqual([{ id: campaign.body.id, trigger_rules: { url, time_on_page: 1 } }]);

    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await openDemo(page, url);
    await eventually(
      async () =>
        expect(await widgetState(page)).toMatchObject({ badge: '1', messages: ['out:Questions about pricing?'] }),
      { timeoutMs: 5000 },
    );
    // Another page of the site fires nothing more: the visitor (remembered) sees the one conversation.
    const other = await context.newPage();
    await openDemo(other, `${demoUrl()}&page=home`);
    expect((await widgetState(other)).messages).toEqual(['out:Questions about pricing?']);
    await context.close();
  });
});
