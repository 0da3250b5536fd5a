import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType, PartialType, PickType } from '@nestjs/swagger';
import {
  IMPORT_STATUSES,
  type Contact,
  type ContactAvailability,
  type ContactImport,
  type ContactInboxLink,
  type ContactNote,
  type ContactPage,
  type ContactSearchPage,
  type ImportStatus,
} from '@parley/contracts';
import { ConversationView } from '../conversations/conversation.responses';
import { InboxFieldsView } from '../inboxes/inbox.responses';

type ContactPageMeta = ContactPage['meta'];
type ContactSearchMeta = ContactSearchPage['meta'];

const ALWAYS_SHOWN = ['id', 'name', 'channel_type'] as const;

/** A link's inbox as the inbox endpoints show it, without the secret; links kept before contacts stored whole inboxes carry id, name and channel_type only. */
class LinkedInboxView extends IntersectionType(
  PartialType(OmitType(InboxFieldsView, ALWAYS_SHOWN)),
  PickType(InboxFieldsView, ALWAYS_SHOWN),
) {}

export class ContactInboxLinkView implements ContactInboxLink {
  @ApiProperty({ description: "The contact's id in the inbox's channel" }) source_id: string;
  @ApiProperty({ type: LinkedInboxView }) inbox: LinkedInboxView;
}

export class ContactView implements Contact {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) phone_number: string | null;
  @ApiProperty({ type: String, nullable: true }) identifier: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The avatar URL' }) thumbnail: string | null;
  @ApiProperty() blocked: boolean;
  @ApiProperty({ type: 'object', additionalProperties: true }) additional_attributes: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) custom_attributes: Record<string, unknown>;
  @ApiProperty({ type: Number, nullable: true }) last_activity_at: number | null;
  @ApiProperty({ enum: ['online', 'offline'], description: 'online while the last activity is at most 5 minutes old' })
  availability_status: ContactAvailability;
  @ApiProperty() created_at: number;
  @ApiProperty() updated_at: number;
  @ApiPropertyOptional({
    type: [ContactInboxLinkView],
    description: 'On the detail, and on list items unless include_contact_inboxes=false',
  })
  contact_inboxes?: ContactInboxLinkView[];
}

/** `{"payload": contact}`. */
export class ContactEnvelopeView {
  @ApiProperty({ type: ContactView }) payload: ContactView;
}

class CreatedContactView {
  @ApiProperty({ type: ContactView }) contact: ContactView;
  @ApiProperty({ type: ContactInboxLinkView }) contact_inbox: ContactInboxLinkView;
}

/** `{"payload": {"contact": …, "contact_inbox": …}}`. */
export class ContactCreatedView {
  @ApiProperty({ type: CreatedContactView }) payload: CreatedContactView;
}

class ContactPageMetaView implements ContactPageMeta {
  @ApiProperty({ description: 'Contacts in total' }) count: number;
  @ApiProperty() current_page: number;
}

export class ContactPageView implements ContactPage {
  @ApiProperty({ type: ContactPageMetaView }) meta: ContactPageMetaView;
  @ApiProperty({ type: [ContactView] }) payload: ContactView[];
}

class ContactSearchMetaView extends ContactPageMetaView implements ContactSearchMeta {
  @ApiProperty() has_more: boolean;
}

class ContactSearchItemView extends ContactView {
  @ApiPropertyOptional({ type: [ConversationView], description: 'With include=conversations' })
  conversations?: ConversationView[];
}

export class ContactSearchPageView implements ContactSearchPage {
  @ApiProperty({ type: ContactSearchMetaView }) meta: ContactSearchMetaView;
  @ApiProperty({ type: [ContactSearchItemView] }) payload: ContactSearchItemView[];
}

export class ContactConversationsView {
  @ApiProperty({ type: [ConversationView] }) payload: ConversationView[];
}

export class ContactInboxLinksView {
  @ApiProperty({ type: [ContactInboxLinkView] }) payload: ContactInboxLinkView[];
}

class ContactableInboxView {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The id the contact would have there; null for an API inbox it is not linked to',
  })
  source_id: string | null;
  @ApiProperty({ type: LinkedInboxView }) inbox: LinkedInboxView;
}

export class ContactableInboxesView {
  @ApiProperty({ type: [ContactableInboxView] }) payload: ContactableInboxView[];
}

class NoteAuthorView {
  @ApiProperty() id: number;
}

export class ContactNoteView implements ContactNote {
  @ApiProperty() id: number;
  @ApiProperty() contact_id: number;
  @ApiProperty() content: string;
  @ApiProperty({ type: NoteAuthorView, nullable: true }) user: NoteAuthorView | null;
  @ApiProperty() created_at: number;
  @ApiProperty() updated_at: number;
}

export class ContactImportView implements ContactImport {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty({ enum: IMPORT_STATUSES }) status: ImportStatus;
  @ApiProperty({ type: Number, nullable: true }) rows_total: number | null;
  @ApiProperty() processed: number;
  @ApiProperty() created: number;
  @ApiProperty() updated: number;
  @ApiProperty() failed: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Estimated completion while running' })
  eta: string | null;
  @ApiProperty({ type: String, nullable: true }) failure_reason: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) started_at: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) finished_at: string | null;
}
