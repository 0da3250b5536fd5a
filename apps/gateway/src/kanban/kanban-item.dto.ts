import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  KANBAN_BULK_LIMIT,
  KANBAN_ITEM_STATUSES,
  KANBAN_PRIORITIES,
  type BulkAssignMode,
  type KanbanItemInput,
  type KanbanItemStatus,
  type KanbanPosition,
  type KanbanPriority,
} from '@parley/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
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
import { IsPage, IsId, MayBeOmitted, ToDecimal, ToInteger } from '../http/tolerant-input.decorators';
import { STAGE_ID_PATTERN } from './funnel.dto';

/** A card's value and the bounds of a filter on it. */
const MAX_VALUE = 1e13;
const NullableOrOmitted = () => ValidateIf((_, value) => value !== undefined && value !== null);
const MAX_POSITION = 1_000_000_000;

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

const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((decorator) => decorator(target, key));
const OptionalId = () => apply([ToInteger(), MayBeOmitted(), IsId()]);

export class KanbanItemQueryDto {
  @ApiPropertyOptional() @OptionalId() funnel_id?: number;
  @ApiPropertyOptional() @MayBeOmitted() @IsString() @Matches(STAGE_ID_PATTERN) stage_id?: string;
  @ApiPropertyOptional() @OptionalId() agent_id?: number;
  @ApiPropertyOptional({ description: 'Conversation number' }) @OptionalId() conversation_id?: number;
  @IsPage() page?: number;
}

export class KanbanBatchQueryDto extends KanbanItemQueryDto {
  @ApiPropertyOptional({ default: 25, maximum: 200, description: 'Cards per stage' })
  @ToInteger()
  @MayBeOmitted()
  @IsInt()
  @Min(1)
  @Max(200)
  per_stage?: number;
  @IsPage(undefined, 'Page of each stage; 0 or less means the first') stage_page?: number;
}

export class KanbanSearchQueryDto {
  @ApiProperty({ description: 'Words over title and description; each matches the start of a word' })
  @IsString()
  @MaxLength(200)
  query: string;
  @ApiPropertyOptional() @OptionalId() funnel_id?: number;
  @ApiPropertyOptional() @OptionalId() agent_id?: number;
  @IsPage() page?: number;
}

/** `a[]=x&a[]=y`, `a=x&a=y` and `a=x,y` all mean [x, y]. */
const ListFromQuery = (convert: (value: string) => unknown = (value) => value) =>
  Transform(({ value }) => {
    if (value === undefined || value === '') return undefined;
    return (Array.isArray(value) ? value : [value])
      .flatMap((item) => String(item).split(','))
      .map((item) => item.trim())
      .filter(Boolean)
      .map(convert);
  });

const IsoDate = () =>
  apply([
    MayBeOmitted(),
    Matches(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, {
      message: '$property must be an ISO 8601 date',
    }),
  ]);

export class KanbanFilterQueryDto {
  @ApiPropertyOptional() @OptionalId() funnel_id?: number;
  @ApiPropertyOptional({ enum: KANBAN_PRIORITIES, isArray: true })
  @ListFromQuery()
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(4)
  @IsIn(KANBAN_PRIORITIES, { each: true })
  priorities?: string[];
  @ApiPropertyOptional()
  @ToDecimal()
  @MayBeOmitted()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-MAX_VALUE)
  @Max(MAX_VALUE)
  value_min?: number;
  @ApiPropertyOptional()
  @ToDecimal()
  @MayBeOmitted()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-MAX_VALUE)
  @Max(MAX_VALUE)
  value_max?: number;
  @ApiPropertyOptional() @OptionalId() agent_id?: number;
  @ApiPropertyOptional({ description: 'Created at or after (ISO 8601)' }) @IsoDate() from?: string;
  @ApiPropertyOptional({ description: 'Created at or before (ISO 8601)' }) @IsoDate() to?: string;
  @IsPage() page?: number;
}

export class KanbanReportQueryDto {
  @ApiPropertyOptional({ description: 'The default funnel when left out' }) @OptionalId() funnel_id?: number;
  @ApiPropertyOptional({ description: 'Cards created at or after (ISO 8601)' }) @IsoDate() from?: string;
  @ApiPropertyOptional({ description: 'Cards created at or before (ISO 8601)' }) @IsoDate() to?: string;
  @ApiPropertyOptional({ type: [Number], description: 'Cards assigned to any of these agents' })
  @ListFromQuery((value) => (/^\d+$/.test(value) ? Number(value) : value))
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(100)
  @IsId({ each: true })
  user_ids?: number[];
  @ApiPropertyOptional({ description: 'Cards linked to conversations of this inbox' }) @OptionalId() inbox_id?: number;
}

export class FunnelScopeQueryDto {
  @ApiPropertyOptional() @OptionalId() funnel_id?: number;
}

export class MoveToStageDto {
  @ApiProperty({ description: 'Stage id' }) @IsString() @Matches(STAGE_ID_PATTERN) funnel_stage: string;
  @ApiPropertyOptional({ description: "Another funnel's stage" })
  @ToInteger()
  @MayBeOmitted()
  @IsId()
  funnel_id?: number;
  @ApiPropertyOptional({ description: 'The end of the stage when left out' })
  @MayBeOmitted()
  @IsInt()
  @Min(0)
  @Max(MAX_POSITION)
  position?: number;
}

export class MoveDto {
  @ApiProperty() @ToInteger() @IsId() funnel_id: number;
  @ApiProperty({ description: 'Stage id' }) @IsString() @Matches(STAGE_ID_PATTERN) funnel_stage: string;
  @ApiPropertyOptional({ description: 'The end of the stage when left out' })
  @MayBeOmitted()
  @IsInt()
  @Min(0)
  @Max(MAX_POSITION)
  position?: number;
}

class PositionDto implements KanbanPosition {
  @ApiProperty() @IsId() id: number;
  @ApiProperty() @IsInt() @Min(0) @Max(MAX_POSITION) position: number;
  @ApiProperty({ description: 'Stage id (another stage moves the card there)' })
  @IsString()
  @Matches(STAGE_ID_PATTERN)
  funnel_stage: string;
}

export class ReorderItemsDto {
  @ApiProperty({ type: [PositionDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(KANBAN_BULK_LIMIT)
  @ValidateNested({ each: true })
  @Type(() => PositionDto)
  positions: PositionDto[];
}

class BulkIdsDto {
  @ApiProperty({ type: [Number], description: `1 to ${KANBAN_BULK_LIMIT} card ids; all or nothing` })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(KANBAN_BULK_LIMIT)
  @IsId({ each: true })
  item_ids: number[];
}

export class BulkMoveDto extends BulkIdsDto {
  @ApiProperty({ description: 'Stage id' }) @IsString() @Matches(STAGE_ID_PATTERN) new_stage: string;
  @ApiProperty() @ToInteger() @IsId() funnel_id: number;
}

export class BulkAssignDto extends BulkIdsDto {
  @ApiProperty() @ToInteger() @IsId() agent_id: number;
  @ApiProperty({ enum: ['replace', 'add'], description: 'replace substitutes the current agents, add adds the agent' })
  @IsIn(['replace', 'add'])
  mode: BulkAssignMode;
}

export class BulkPriorityDto extends BulkIdsDto {
  @ApiProperty({ enum: KANBAN_PRIORITIES }) @IsIn(KANBAN_PRIORITIES) priority: KanbanPriority;
}

export class AgentIdDto {
  @ApiProperty() @ToInteger() @IsId() agent_id: number;
}

export class ChangeStatusDto {
  @ApiProperty({ enum: KANBAN_ITEM_STATUSES }) @IsIn(KANBAN_ITEM_STATUSES) status: KanbanItemStatus;
}

export class KanbanExportQueryDto {
  @ApiProperty() @ToInteger() @IsId() funnel_id: number;
}
