import type { ChannelType } from '@parley/contracts';

/** The inbox settings a message write needs, as raw SQL over `messaging.inboxes` returns them. */
export interface MessageInbox {
  channel_type: ChannelType;
  allow_messages_after_resolved: boolean;
  message_deleted_placeholder: string | null;
}

/** The inbox settings auto-assignment needs. */
export interface AssignmentSettings {
  enable_auto_assignment: boolean;
  max_assignment_limit: number | null;
}
