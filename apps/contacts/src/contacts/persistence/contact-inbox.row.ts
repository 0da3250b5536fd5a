import type { ChannelType } from '@parley/contracts';

/** A contact's inbox link joined with the inbox it points at. */
export interface ContactLinkRow {
  contact_id: number;
  source_id: string;
  id: number;
  name: string;
  channel_type: ChannelType;
}
