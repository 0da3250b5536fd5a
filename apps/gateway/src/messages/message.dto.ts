import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  CONTENT_TYPES,
  MESSAGE_TYPES,
  TEMPLATE_CATEGORIES,
  type ContentType,
  type MessageType,
  type TemplateCategory,
} from '@parley/contracts';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsId, MayBeOmitted, ToBoolean, ToInteger } from '../http/tolerant-input.decorators';

/** `message_type` as a name or its code (0 incoming … 3 template). */
const MessageTypeInput = Transform(({ value }) => {
  const code = typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value;
  return typeof code === 'number' && MESSAGE_TYPES[code] ? MESSAGE_TYPES[code] : value;
});

/** Multipart fields carry objects as JSON text; text that is not JSON counts as `{}`. */
const JsonObjectInput = Transform(({ value }) => {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
});

export class TemplateParamsDto {
  @ApiPropertyOptional() @IsString() @IsNotEmpty() @MaxLength(512) name: string;
  @ApiPropertyOptional({ example: 'pt_BR' }) @IsString() @IsNotEmpty() @MaxLength(32) language: string;
  @ApiPropertyOptional({ enum: TEMPLATE_CATEGORIES })
  @MayBeOmitted()
  @IsIn(TEMPLATE_CATEGORIES)
  category?: TemplateCategory;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @MayBeOmitted()
  @IsObject()
  processed_params?: Record<string, string>;
}

export class CreateMessageDto {
  @ApiPropertyOptional({ example: 'Thanks for writing: we are looking into it.' })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(150_000)
  content?: string | null;

  @ApiPropertyOptional({ enum: MESSAGE_TYPES, default: 'outgoing', description: 'Also 0–3' })
  @MessageTypeInput
  @MayBeOmitted()
  @IsIn(MESSAGE_TYPES)
  message_type?: MessageType;

  @ApiPropertyOptional({ default: false }) @ToBoolean() @MayBeOmitted() @IsBoolean() private?: boolean;
  @ApiPropertyOptional({ enum: CONTENT_TYPES, default: 'text' })
  @MayBeOmitted()
  @IsIn(CONTENT_TYPES)
  content_type?: ContentType;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @JsonObjectInput
  @MayBeOmitted()
  @IsObject()
  content_attributes?: Record<string, unknown>;

  @ApiPropertyOptional({ type: TemplateParamsDto })
  @JsonObjectInput
  @MayBeOmitted()
  @ValidateNested()
  @Type(() => TemplateParamsDto)
  template_params?: TemplateParamsDto;

  @ApiPropertyOptional({ description: 'A retry with the same echo_id returns the first message' })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(255)
  echo_id?: string | null;
  @ApiPropertyOptional({ description: 'External id; unique within the conversation' })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(255)
  source_id?: string | null;
}

/** The multipart form of a message: the fields as text (booleans "true"/"false", objects as JSON text) and its files. */
export class CreateMessageFormDto extends CreateMessageDto {
  @ApiPropertyOptional({
    name: 'attachments[]',
    type: 'array',
    items: { type: 'string', format: 'binary' },
    description: "Files sent with the message, each within its type's size limit",
  })
  attachments?: unknown[];
}

export class MessagesQueryDto {
  @ApiPropertyOptional({ description: 'Messages older than this id' })
  @ToInteger()
  @MayBeOmitted()
  @IsId()
  before?: number;
  @ApiPropertyOptional({ description: 'Messages newer than this id (up to 100)' })
  @ToInteger()
  @MayBeOmitted()
  @IsId()
  after?: number;
}
