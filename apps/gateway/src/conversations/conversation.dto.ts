import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import {
  ASSIGNEE_TYPES,
  CONVERSATION_STATUSES,
  PRIORITIES,
  type AssigneeType,
  type ConversationListQuery,
  type ConversationStatus,
  type CreateConversationInput,
  type Priority,
} from '@parley/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsPage, IsId, MayBeOmitted, ToInteger, ToOptionalId } from '../http/tolerant-input.decorators';
import { CreateMessageDto } from '../messages/message.dto';

/** `labels[]=a&labels[]=b`, `labels=a&labels=b` (see parseQueryString) and `labels=a,b` all mean ["a", "b"]. */
const LabelsFromQuery = Transform(({ value: raw }) => {
  if (raw === undefined || raw === '') return undefined;
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .flatMap((value) => String(value).split(','))
    .map((value) => value.trim())
    .filter(Boolean);
});

export class ConversationQueryDto implements ConversationListQuery {
  @ApiPropertyOptional({ enum: [...CONVERSATION_STATUSES, 'all'], default: 'open' })
  @MayBeOmitted()
  @IsIn([...CONVERSATION_STATUSES, 'all'])
  status?: ConversationStatus | 'all';

  @ApiPropertyOptional({
    enum: [...ASSIGNEE_TYPES, 'all'],
    description: '`all` (sent by client libraries) means no assignee filter',
  })
  @Transform(({ value }) => (value === 'all' ? undefined : value))
  @MayBeOmitted()
  @IsIn(ASSIGNEE_TYPES)
  assignee_type?: AssigneeType;

  @ApiPropertyOptional() @ToOptionalId() @MayBeOmitted() @IsId() inbox_id?: number;
  @ApiPropertyOptional() @ToOptionalId() @MayBeOmitted() @IsId() team_id?: number;

  @ApiPropertyOptional({ type: [String], description: 'All must be present (AND)' })
  @LabelsFromQuery
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  labels?: string[];

  @ApiPropertyOptional() @MayBeOmitted() @IsString() @MaxLength(200) q?: string;
  @IsPage() page?: number;
}

/** The opening message: message create's own fields and checks (content, template_params), incoming or outgoing. */
class InitialMessageDto extends PickType(CreateMessageDto, ['content', 'template_params'] as const) {
  @ApiPropertyOptional({ enum: ['incoming', 'outgoing'] })
  @MayBeOmitted()
  @IsIn(['incoming', 'outgoing'])
  message_type?: 'incoming' | 'outgoing';
}

export class CreateConversationDto implements CreateConversationInput {
  @ApiPropertyOptional({
    nullable: true,
    description:
      "The contact's id at the channel; blank or left out: the contact's link to the inbox (made with a generated id when it has none)",
  })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(255)
  source_id?: string | null;

  @ApiProperty({ example: 7 }) @ToInteger() @IsId() inbox_id: number;
  @ApiProperty({ example: 42 }) @ToInteger() @IsId() contact_id: number;
  @ApiPropertyOptional({ enum: ['open', 'pending'] }) @MayBeOmitted() @IsIn(['open', 'pending']) status?:
    'open' | 'pending';
  @ApiPropertyOptional() @ToOptionalId() @MayBeOmitted() @IsId() assignee_id?: number;
  @ApiPropertyOptional() @ToOptionalId() @MayBeOmitted() @IsId() team_id?: number;
  @ApiPropertyOptional() @MayBeOmitted() @IsObject() additional_attributes?: Record<string, unknown>;
  @ApiPropertyOptional() @MayBeOmitted() @IsObject() custom_attributes?: Record<string, unknown>;

  @ApiPropertyOptional({ type: InitialMessageDto })
  @MayBeOmitted()
  @ValidateNested()
  @Type(() => InitialMessageDto)
  message?: InitialMessageDto;
}

/** For assignments `null` removes; `""` and `0` mean "not given", as for other optional ids. */
const AssignmentId = Transform(({ value }) => {
  if (value === '' || value === 0 || value === '0') return undefined;
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
});

export class AssignmentDto {
  @ApiPropertyOptional({ nullable: true, description: 'null removes the assignee' })
  @AssignmentId
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsId()
  assignee_id?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'null removes the team' })
  @AssignmentId
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsId()
  team_id?: number | null;
}

export class ToggleStatusDto {
  @ApiPropertyOptional({ enum: CONVERSATION_STATUSES })
  @MayBeOmitted()
  @IsIn(CONVERSATION_STATUSES)
  status?: ConversationStatus;

  @ApiPropertyOptional({ description: 'ISO 8601 or Unix seconds (snoozed only)' })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null && typeof v !== 'number')
  @IsString()
  @MaxLength(64)
  snoozed_until?: string | number | null;
}

export class TogglePriorityDto {
  @ApiProperty({ enum: PRIORITIES, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @IsIn(PRIORITIES)
  priority: Priority | null;
}

export class ConversationLabelsDto {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMaxSize(100) @IsString({ each: true }) labels: string[];
}

export class TranscriptDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) email: string;
}

export class TypingDto {
  @ApiProperty({ enum: ['on', 'off'] }) @IsIn(['on', 'off']) typing_status: 'on' | 'off';
}

export class CustomAttributesDto {
  @ApiProperty({ type: 'object', additionalProperties: true }) @IsObject() custom_attributes: Record<string, unknown>;
}
