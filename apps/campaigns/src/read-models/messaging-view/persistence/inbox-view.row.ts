/** @owns campaigns.inboxes_view */
import type { InboxSnapshot } from '@parley/contracts';

/** A row of `campaigns.inboxes_view`: an inbox as messaging's last event (or answer) showed it. */
export interface InboxViewRow {
  id: number;
  account_id: number;
  channel_type: string;
  snapshot: InboxSnapshot;
  deleted: boolean;
}
