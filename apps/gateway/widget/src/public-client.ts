/** The public client API as the widget calls it: `/public/api/v1/inboxes/{website_token}/…`. */
export interface ContactAnswer {
  source_id: string;
  pubsub_token: string;
  id: number;
  name: string | null;
  email: string | null;
}

export interface WidgetMessage {
  id: number;
  content: string | null;
  /** 0 incoming (the visitor's), 1 outgoing, 2 activity, 3 template. */
  message_type: number;
  conversation_id: number;
  /** Unix seconds. */
  created_at: number;
  echo_id?: string;
  sender?: { name?: string | null; type?: string };
}

export interface WidgetConversation {
  id: number;
  status: string;
  contact_last_seen_at: number | null;
  messages: WidgetMessage[];
}

export interface TriggerRules {
  url: string | null;
  time_on_page: number | null;
}

export interface WidgetConfig {
  name: string;
  widget_color: string | null;
  welcome_title: string | null;
  welcome_tagline: string | null;
  campaigns: Array<{ id: number; trigger_rules: TriggerRules }>;
}

/** Waits before each retry of a call the service could not take. */
const RETRIES = [300, 1000, 3000];

export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ContactFields {
  identifier?: string;
  identifier_hash?: string;
  email?: string;
  name?: string;
  avatar_url?: string;
  phone_number?: string;
  custom_attributes?: Record<string, unknown>;
}

export class PublicClient {
  private readonly root: string;

  constructor(baseUrl: string, websiteToken: string) {
    this.root = `${baseUrl}/public/api/v1/inboxes/${encodeURIComponent(websiteToken)}`;
  }

  config(): Promise<WidgetConfig> {
    return this.call('GET', '/widget_config');
  }

  createContact(fields: ContactFields): Promise<ContactAnswer> {
    return this.call('POST', '/contacts', fields, false);
  }

  showContact(sourceId: string): Promise<ContactAnswer> {
    return this.call('GET', `/contacts/${sourceId}`);
  }

  updateContact(sourceId: string, fields: ContactFields): Promise<ContactAnswer> {
    return this.call('PATCH', `/contacts/${sourceId}`, fields);
  }

  conversations(sourceId: string): Promise<WidgetConversation[]> {
    return this.call('GET', `/contacts/${sourceId}/conversations`);
  }

  createConversation(sourceId: string): Promise<WidgetConversation> {
    return this.call('POST', `/contacts/${sourceId}/conversations`, {}, false);
  }

  messages(sourceId: string, conversationId: number): Promise<WidgetMessage[]> {
    return this.call('GET', `/contacts/${sourceId}/conversations/${conversationId}/messages`);
  }

  send(sourceId: string, conversationId: number, content: string, echoId: string): Promise<WidgetMessage> {
    return this.call('POST', `/contacts/${sourceId}/conversations/${conversationId}/messages`, {
      content,
      echo_id: echoId,
    });
  }

  typing(sourceId: string, conversationId: number, on: boolean): Promise<void> {
    return this.call('POST', `/contacts/${sourceId}/conversations/${conversationId}/toggle_typing`, {
      typing_status: on ? 'on' : 'off',
    });
  }

  seen(sourceId: string, conversationId: number): Promise<void> {
    return this.call('POST', `/contacts/${sourceId}/conversations/${conversationId}/update_last_seen`, {});
  }

  triggerCampaign(sourceId: string, url: string, timeOnPage: number): Promise<{ campaign_id: number | null }> {
    return this.call('POST', `/contacts/${sourceId}/campaign_triggers`, { url, time_on_page: timeOnPage }, false);
  }

  /**
   * Retried while the service is briefly unavailable (a 503 is answered before anything is done).
   * A call lost on the network may have been done, so it is repeated only when repeating is
   * harmless (`idempotent`: reads, updates, and messages, which are idempotent by `echo_id`);
   * creating a contact, a conversation or a campaign's message is not.
   */
  private async call<T>(method: string, path: string, body?: unknown, idempotent = true): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(this.root + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch((error: unknown) => {
        if (idempotent && attempt < RETRIES.length) return null;
        throw error;
      });
      if (response && response.status !== 503) return this.answer<T>(response);
      if (response && attempt >= RETRIES.length) return this.answer<T>(response);
      await new Promise((resolve) => setTimeout(resolve, RETRIES[attempt]));
    }
  }

  private async answer<T>(response: Response): Promise<T> {
    const text = await response.text();
    const parsed = text ? JSON.parse(text) : null;
    if (!response.ok) throw new RequestError(response.status, (parsed && parsed.error) || response.statusText);
    return parsed as T;
  }
}
