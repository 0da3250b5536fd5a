import type { ChannelStatus } from './delivery-status';

/** One delivery as it reached Parley: a webhook's raw body and headers, or a raw e-mail. */
export interface InboundDelivery {
  body: Buffer;
  /** Header names in lower case (as Node gives them). */
  headers: Record<string, string | string[] | undefined>;
  /** The full URL the delivery was posted to (some signatures cover it). */
  url?: string;
  /** E-mail: the envelope recipients (RCPT TO), which may name Parley when the headers do not. */
  recipients?: string[];
}

/** Checked before anything is stored: a bad signature or an oversized body is refused. */
export type InboundVerdict = { verified: true } | { verified: false; reason: string };

/**
 * `message`: a contact wrote; `status_update`: the provider reports on a message Parley sent;
 * `bounce`: a sent message could not be delivered; `auto_reply`: an automatic answer, which
 * opens no conversation.
 */
export type InboundKind = 'message' | 'status_update' | 'bounce' | 'auto_reply';

export interface InboundAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
  /** E-mail: the part's Content-ID, which `cid:` links in the HTML point at. */
  contentId: string | null;
}

/** The keys that tie an inbound message to an existing conversation, strongest first. */
export interface ReplyThreading {
  /** Provider ids of the messages it answers (e-mail: In-Reply-To, then References, newest first). */
  repliesTo: string[];
  /** The conversation named by the address it was sent to (e-mail: `reply+<uuid>@…`). */
  conversationUuid: string | null;
}

/** A change of a sent message's status: a provider's receipt or a bounce. */
export interface StatusChange {
  /** The provider id of the message Parley sent (its `source_id`). */
  providerMessageId: string;
  status: ChannelStatus;
  /** The provider's reason, for `external_error`. */
  error: string | null;
  /**
   * Set instead of a provider id when the provider reports "everything sent to this contact
   * up to then" (Messenger's `delivery` / `read` watermark, in ms since the epoch).
   */
  watermark?: { contact: string; upTo: number };
  /** Parley's message id, when the provider handed back its mark (`sendMarker`) with the receipt. */
  sentMessageId?: number;
}

export interface InboundMessage {
  kind: InboundKind;
  /** The provider's id of this message: the message's `source_id` (deduplicates redeliveries). */
  sourceId: string | null;
  /** The contact's identity at the provider (the contact inbox's `source_id`) and the name it gives. */
  sender: { identity: string; name: string | null };
  content: string | null;
  /** Stored as the message's `content_attributes` (e-mail: `{ email: {…} }`). */
  contentAttributes: Record<string, unknown>;
  attachments: InboundAttachment[];
  threading: ReplyThreading;
  /** Set for `status_update` and for a `bounce` that names the message it refers to. */
  statusChange: StatusChange | null;
  /**
   * A message the business sent from the provider's own app (Messenger's `is_echo`): stored as
   * outgoing, never sent again; an echo of Parley's own send (its id known) is not stored twice.
   */
  echo?: boolean;
  /** An echo carrying Parley's mark (`sendMarker`): the echo of that Parley message's own send. */
  sentMessageId?: number;
}
