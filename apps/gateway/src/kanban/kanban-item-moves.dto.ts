import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  KANBAN_BULK_LIMIT,
  KANBAN_PRIORITIES,
  type BulkAssignMode,
  type KanbanPosition,
  type KanbanPriority,
} from '@parley/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsString,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsId, MayBeOmitted, ToInteger } from '../http/tolerant-input.decorators';
import { STAGE_ID_PATTERN } from './funnel.dto';
import { MAX_POSITION } from './kanban-item.dto';

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
