import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  KANBAN_ITEM_STATUSES,
  KANBAN_PRIORITIES,
  type KanbanItemInput,
  type KanbanItemStatus,
  type KanbanPriority,
} from '@parley/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsId, MayBeOmitted, ToInteger } from '../http/tolerant-input.decorators';
import { STAGE_ID_PATTERN } from './funnel.dto';

/** A card's value and the bounds of a filter on it. */
export const MAX_VALUE = 1e13;
/** The bound of a card's order within its stage (moves and reorders too). */
export const MAX_POSITION = 1_000_000_000;
const NullableOrOmitted = () => ValidateIf((_, value) => value !== undefined && value !== null);

class CurrencyDto {
  @ApiPropertyOptional() @MayBeOmitted() @IsString() @MaxLength(16) symbol?: string;
  @ApiPropertyOptional() @MayBeOmitted() @IsString() @MaxLength(16) code?: string;
  @ApiPropertyOptional() @MayBeOmitted() @IsString() @MaxLength(32) locale?: string;
}

class ItemDetailsDto {
  @ApiPropertyOptional({ description: 'Required on create' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(500)
  title?: string;
  @ApiPropertyOptional({ nullable: true, type: String })
  @NullableOrOmitted()
  @IsString()
  @MaxLength(20_000)
  description?: string | null;
  @ApiPropertyOptional({ enum: KANBAN_ITEM_STATUSES })
  @MayBeOmitted()
  @IsIn(KANBAN_ITEM_STATUSES)
  status?: KanbanItemStatus;
  @ApiPropertyOptional({ enum: KANBAN_PRIORITIES, nullable: true })
  @NullableOrOmitted()
  @IsIn(KANBAN_PRIORITIES)
  priority?: KanbanPriority | null;
  @ApiPropertyOptional({ nullable: true, type: Number })
  @NullableOrOmitted()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-MAX_VALUE)
  @Max(MAX_VALUE)
  value?: number | null;
  @ApiPropertyOptional({ type: CurrencyDto, nullable: true })
  @NullableOrOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => CurrencyDto)
  currency?: CurrencyDto | null;
  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: 'The conversation number, as conversation_display_id',
  })
  @NullableOrOmitted()
  @IsId()
  conversation_id?: number | null;
}

class KanbanItemFieldsDto implements KanbanItemInput {
  @ApiPropertyOptional({ description: 'The default funnel when left out (create only)' })
  @MayBeOmitted()
  @IsId()
  funnel_id?: number;
  @ApiPropertyOptional({ description: 'Stage id; the first stage when left out (create only)' })
  @MayBeOmitted()
  @IsString()
  @Matches(STAGE_ID_PATTERN)
  funnel_stage?: string;
  @ApiPropertyOptional({ description: 'An update refuses it with 422 (use the move endpoints)' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(64)
  stage_id?: string;
  @ApiPropertyOptional({ description: 'Order within the stage; the end of the stage when left out (create only)' })
  @MayBeOmitted()
  @IsInt()
  @Min(0)
  @Max(MAX_POSITION)
  position?: number;
  @ApiPropertyOptional({ nullable: true, type: Number }) @NullableOrOmitted() @IsId() conversation_display_id?:
    number | null;
  @ApiPropertyOptional({ type: [Number] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(50)
  @IsId({ each: true })
  assigned_agents?: number[];
  @ApiPropertyOptional({ type: ItemDetailsDto })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => ItemDetailsDto)
  item_details?: ItemDetailsDto;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "Validated against the funnel's global_custom_attributes",
  })
  @MayBeOmitted()
  @IsObject()
  custom_attributes?: Record<string, unknown>;
}

/** `{"kanban_item": {…}}`. */
export class KanbanItemBodyDto {
  @ApiProperty({ type: KanbanItemFieldsDto })
  @IsObject()
  @ValidateNested()
  @Type(() => KanbanItemFieldsDto)
  kanban_item: KanbanItemFieldsDto;
}

export class AgentIdDto {
  @ApiProperty() @ToInteger() @IsId() agent_id: number;
}

export class ChangeStatusDto {
  @ApiProperty({ enum: KANBAN_ITEM_STATUSES }) @IsIn(KANBAN_ITEM_STATUSES) status: KanbanItemStatus;
}
