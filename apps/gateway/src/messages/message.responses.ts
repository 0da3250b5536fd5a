import { ApiProperty } from '@nestjs/swagger';
import {
  CONTENT_TYPES,
  CSAT_CONTENT_TYPE,
  FILE_TYPES,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  type Attachment,
  type ContentType,
  type FileType,
  type Message,
  type MessageSender,
  type MessagesPage,
  type MessageStatus,
  type MessageType,
} from '@parley/contracts';

export class AttachmentView implements Attachment {
  @ApiProperty() id: number;
  @ApiProperty() message_id: number;
  @ApiProperty({ enum: FILE_TYPES }) file_type: FileType;
  @ApiProperty({ type: String, nullable: true }) extension: string | null;
  @ApiProperty({ description: 'A signed link that expires; ask for the message again for a fresh one' })
  data_url: string;
  @ApiProperty({ type: String, nullable: true }) thumb_url: string | null;
  @ApiProperty() file_size: number;
}

export class MessageSenderView implements MessageSender {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ enum: ['contact', 'user', 'agent_bot'] }) type: MessageSender['type'];
  @ApiProperty({ type: String, nullable: true }) thumbnail: string | null;
}

export class MessageView implements Message {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) content: string | null;
  @ApiProperty() account_id: number;
  @ApiProperty() inbox_id: number;
  @ApiProperty({ description: "The conversation's display id" }) conversation_id: number;
  @ApiProperty({ enum: MESSAGE_TYPES }) message_type: MessageType;
  @ApiProperty({ enum: [...CONTENT_TYPES, CSAT_CONTENT_TYPE] }) content_type: ContentType;
  @ApiProperty({ type: 'object', additionalProperties: true }) content_attributes: Record<string, unknown>;
  @ApiProperty({ enum: MESSAGE_STATUSES }) status: MessageStatus;
  @ApiProperty() private: boolean;
  @ApiProperty({ type: String, nullable: true }) source_id: string | null;
  @ApiProperty({ type: String, nullable: true }) echo_id: string | null;
  @ApiProperty({ type: MessageSenderView, nullable: true }) sender: MessageSenderView | null;
  @ApiProperty({ type: [AttachmentView] }) attachments: AttachmentView[];
  @ApiProperty({ type: String, nullable: true }) external_error: string | null;
  @ApiProperty() created_at: number;
  @ApiProperty() updated_at: number;
}

type MessagesMeta = MessagesPage['meta'];

class MessagesContactView {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
}

class MessagesAssigneeView {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() available_name: string;
}

class MessagesMetaView implements MessagesMeta {
  @ApiProperty({ type: [String] }) labels: string[];
  @ApiProperty({ type: 'object', additionalProperties: true }) additional_attributes: Record<string, unknown>;
  @ApiProperty({ type: MessagesContactView, nullable: true }) contact: MessagesContactView | null;
  @ApiProperty({ type: MessagesAssigneeView, nullable: true }) assignee: MessagesAssigneeView | null;
  @ApiProperty({ type: Number, nullable: true }) agent_last_seen_at: number | null;
}

export class MessagesPageView implements MessagesPage {
  @ApiProperty({ type: MessagesMetaView }) meta: MessagesMetaView;
  @ApiProperty({ type: [MessageView], description: 'Oldest first' }) payload: MessageView[];
}
