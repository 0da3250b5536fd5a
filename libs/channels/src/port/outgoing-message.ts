import type { ContentType, TemplateParams } from '@parley/contracts';
import type { Readable } from 'node:stream';

/** A file to send with a message; the caller streams it from its storage. */
export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  /** Opens the file's bytes. Called once per send attempt (a stream is read only once). */
  open(): Readable | Promise<Readable>;
  /** A public, expiring link to the file, for providers that fetch media themselves (Twilio's `MediaUrl`). */
  url?: string;
}

/** What an agent (or a bot, or the system) sends to the contact. */
export interface OutgoingMessage {
  /** Parley's message id: stable across retries, so a retry after a crash is the same send. */
  id: number;
  /** Markdown, as the agent wrote it. */
  content: string | null;
  /** Who sent it, for the display name ("Ann via Support"); null for the system. */
  senderName: string | null;
  attachments: OutgoingAttachment[];
  /** `input_select` carries choices (`contentAttributes.items`: `{title, value}`); absent: plain text. */
  contentType?: ContentType;
  contentAttributes?: Record<string, unknown>;
  /** An approved template (messaging apps outside their window): name, language, `{{n}}` values. */
  templateParams?: TemplateParams | null;
}

/** Where the message belongs in the conversation, as the provider threads it. */
export interface ThreadingContext {
  conversationUuid: string;
  /** The conversation's subject (e-mail: the first inbound e-mail's; agent-started: the first message's first line). */
  subject: string | null;
  /** The provider id of the message this one answers (e-mail: the last incoming Message-ID). */
  inReplyTo: string | null;
  /** Provider ids of the conversation's earlier messages, oldest first (e-mail: the References chain). */
  references: string[];
  /** The contact's last message in the conversation: messaging apps' reply windows count from it. */
  lastIncomingAt?: Date | null;
}

/** The contact's identity at the provider: an e-mail address, a WhatsApp id, a phone number… */
export interface ContactAddress {
  address: string;
  name: string | null;
}

/** The inbox that sends: its name and its decrypted channel settings. */
export interface SendingInbox<Settings> {
  id: number;
  name: string;
  settings: Settings;
}

export interface SendRequest<Settings> {
  message: OutgoingMessage;
  thread: ThreadingContext;
  contact: ContactAddress;
  inbox: SendingInbox<Settings>;
}

/**
 * The outcome of one send attempt. `transient`: try again later (after `retryAfterMs` when the
 * provider said so; unless `maybeDelivered` and the adapter cannot be sent to twice); `permanent`: never retry, the message becomes `failed` with `externalError`
 * as its `external_error`.
 */
export type SendOutcome =
  | { outcome: 'sent'; providerMessageId: string }
  | {
      outcome: 'transient';
      error: string;
      retryAfterMs?: number;
      /** No answer came after the request may have left (a timeout, a dropped connection): the provider may hold it. */
      maybeDelivered?: boolean;
    }
  | { outcome: 'permanent'; externalError: string };

export type SendFailure = Exclude<SendOutcome, { outcome: 'sent' }>;
