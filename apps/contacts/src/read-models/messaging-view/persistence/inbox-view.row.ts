/** @owns contacts.inboxes_view */
import type { ChannelType, InboxSnapshot } from '@parley/contracts';

/** An inbox as contacts knows it (what a live inbox's `inboxes_view` row shows). */
export interface InboxView {
  id: number;
  name: string;
  channel_type: ChannelType;
  /** The inbox as its last event carried it; null on rows kept before contacts stored it. */
  snapshot: InboxSnapshot | null;
}

/** An `inboxes_view` row, tombstones included. */
export interface InboxViewRow extends InboxView {
  account_id: number;
  deleted: boolean;
}
