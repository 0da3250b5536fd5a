import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { KANBAN_PRIORITIES } from '@parley/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNumber, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsPage, IsId, MayBeOmitted, ToDecimal, ToInteger } from '../http/tolerant-input.decorators';
import { STAGE_ID_PATTERN } from './funnel.dto';
import { MAX_VALUE } from './kanban-item.dto';

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

export class KanbanExportQueryDto {
  @ApiProperty() @ToInteger() @IsId() funnel_id: number;
}
