import { CableSocket, type CableEvent } from './cable-socket';
import { watchCampaigns } from './campaign-triggers';
import { ChatView } from './chat-view';
import { PublicClient, RequestError, type ContactFields, type WidgetConfig } from './public-client';
import { loadVisitor, saveVisitor, type Visitor } from './visitor-store';

export interface UserFields {
  email?: string;
  name?: string;
  avatar_url?: string;
  phone_number?: string;
  identifier_hash?: string;
}

const DEFAULT_COLOR = '#1f6feb';

/** One website token's widget: its visitor, conversation, realtime stream and window. */
export class ChatWidget {
  private readonly api: PublicClient;
  private visitor: Visitor | null;
  private view: ChatView | null = null;
  private cable: CableSocket | null = null;
  private stopCampaigns: () => void = () => undefined;
  private echoes = 0;
  /** Calls that change the visitor run one after the other (a send never races a setUser). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly baseUrl: string,
    private readonly websiteToken: string,
  ) {
    this.api = new PublicClient(baseUrl, websiteToken);
    this.visitor = loadVisitor(websiteToken);
  }

  async start(): Promise<void> {
    const config: WidgetConfig = await this.api.config();
    this.view = new ChatView(
      {
        title: config.welcome_title || config.name,
        tagline: config.welcome_tagline,
        color: config.widget_color || DEFAULT_COLOR,
      },
      {
        send: (content) => void this.serially(() => this.send(content)),
        typing: (on) => void this.typing(on),
        opened: () => void this.markSeen(),
      },
    );
    document.body.appendChild(this.view.host);
    if (this.visitor) await this.serially(() => this.resume());
    this.stopCampaigns = watchCampaigns(
      config.campaigns,
      (url, seconds) =>
        void this.serially(async () => {
          const visitor = await this.ensureVisitor();
          await this.api.triggerCampaign(visitor.source_id, url, seconds);
        }),
    );
  }

  toggle(state?: boolean): void {
    this.view?.toggle(state);
  }

  setUser(identifier: string, fields: UserFields = {}): Promise<void> {
    return this.serially(async () => {
      const known = this.visitor;
      const input: ContactFields = { ...fields, identifier };
      if (known && known.identifier === identifier) {
        await this.api.updateContact(known.source_id, input);
        this.remember({ identifier_hash: fields.identifier_hash ?? known.identifier_hash });
        return;
      }
      // Another person (or an anonymous visitor becoming one): the contact of that identifier.
      const contact = await this.api.createContact(input);
      this.adopt({
        source_id: contact.source_id,
        pubsub_token: contact.pubsub_token,
        identifier,
        identifier_hash: fields.identifier_hash ?? null,
        conversation_id: null,
        last_event_id: null,
      });
      await this.loadConversation();
    });
  }

  setCustomAttributes(attributes: Record<string, unknown>): Promise<void> {
    return this.serially(async () => {
      const visitor = await this.ensureVisitor();
      await this.api.updateContact(visitor.source_id, { ...this.proof(visitor), custom_attributes: attributes });
    });
  }

  reset(): void {
    this.stopCampaigns();
    this.adopt(null);
    this.view?.toggle(false);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch((error) => this.report(error));
    return run;
  }

  private report(error: unknown): void {
    this.view?.error(error instanceof RequestError ? error.message : 'Could not reach the chat service');
  }

  private proof(visitor: Visitor): ContactFields {
    return visitor.identifier && visitor.identifier_hash
      ? { identifier: visitor.identifier, identifier_hash: visitor.identifier_hash }
      : {};
  }

  /** A returning visitor: its contact still there, its conversation shown again, its stream open. */
  private async resume(): Promise<void> {
    const visitor = this.visitor!;
    try {
      await this.api.showContact(visitor.source_id);
    } catch (error) {
      // The contact (or its link to the inbox) is gone: start over as a new visitor.
      if (error instanceof RequestError && error.status === 404) return this.adopt(null);
      throw error;
    }
    this.adopt(visitor);
    await this.loadConversation();
  }

  private async loadConversation(): Promise<void> {
    const visitor = this.visitor!;
    const conversations = await this.api.conversations(visitor.source_id);
    const current =
      conversations.find((conversation) => conversation.id === visitor.conversation_id) ??
      conversations.filter((conversation) => conversation.status !== 'resolved').pop();
    if (!current) return;
    this.remember({ conversation_id: current.id });
    const seen = current.contact_last_seen_at ?? 0;
    current.messages.forEach((message) => this.view?.show(message, undefined, message.created_at <= seen));
  }

  private async ensureVisitor(): Promise<Visitor> {
    if (this.visitor) return this.visitor;
    const contact = await this.api.createContact({});
    this.adopt({
      source_id: contact.source_id,
      pubsub_token: contact.pubsub_token,
      identifier: null,
      identifier_hash: null,
      conversation_id: null,
      last_event_id: null,
    });
    return this.visitor!;
  }

  private async ensureConversation(): Promise<number> {
    const visitor = await this.ensureVisitor();
    if (visitor.conversation_id) return visitor.conversation_id;
    const conversation = await this.api.createConversation(visitor.source_id);
    this.remember({ conversation_id: conversation.id });
    return conversation.id;
  }

  private async send(content: string): Promise<void> {
    const echoId = `${Date.now().toString(36)}-${++this.echoes}`;
    this.view!.error(null);
    this.view!.show({
      id: -this.echoes,
      content,
      message_type: 0,
      conversation_id: 0,
      created_at: Date.now() / 1000,
      echo_id: echoId,
    });
    const conversationId = await this.ensureConversation();
    const message = await this.api.send(this.visitor!.source_id, conversationId, content, echoId);
    this.view!.show(message, echoId);
  }

  private async typing(on: boolean): Promise<void> {
    const visitor = this.visitor;
    if (!visitor?.conversation_id) return;
    await this.api.typing(visitor.source_id, visitor.conversation_id, on).catch(() => undefined);
  }

  private async markSeen(): Promise<void> {
    const visitor = this.visitor;
    if (!visitor?.conversation_id) return;
    await this.api.seen(visitor.source_id, visitor.conversation_id).catch(() => undefined);
  }

  /** Switches to a visitor (or none), its stream with it. */
  private adopt(visitor: Visitor | null): void {
    this.cable?.close();
    this.cable = null;
    this.view?.clear();
    this.visitor = visitor;
    saveVisitor(this.websiteToken, visitor);
    if (!visitor) return;
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/cable`;
    this.cable = new CableSocket(url, visitor.pubsub_token, visitor.last_event_id, (event) => this.received(event));
  }

  private remember(change: Partial<Visitor>): void {
    if (!this.visitor) return;
    this.visitor = { ...this.visitor, ...change };
    saveVisitor(this.websiteToken, this.visitor);
  }

  private received({ event, data, event_id }: CableEvent): void {
    if (event_id) this.remember({ last_event_id: event_id });
    const visitor = this.visitor;
    if (!visitor || !this.view) return;
    if (event === 'message.created' || event === 'message.updated') {
      // A conversation someone else opened (a campaign) becomes the visitor's when it has none.
      if (!visitor.conversation_id) this.remember({ conversation_id: data.conversation_id });
      if (data.conversation_id !== this.visitor!.conversation_id) return;
      this.view.show(data as never);
      if (this.view.isOpen && data.message_type !== 0) void this.markSeen();
    } else if (event === 'conversation.typing_on' || event === 'conversation.typing_off') {
      if (data.conversation?.id === visitor.conversation_id && data.user?.type !== 'contact')
        this.view.agentTyping(event === 'conversation.typing_on');
    }
  }
}
