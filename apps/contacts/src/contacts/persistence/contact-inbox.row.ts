import type { InboxView } from '../../read-models/messaging-view/persistence/inbox-view.row';

/** A contact's inbox link joined with the inbox it points at. */
export interface ContactLinkRow extends InboxView {
  contact_id: number;
  source_id: string;
}
