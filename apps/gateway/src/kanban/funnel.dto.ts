import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { FunnelInput, StageInput } from '@parley/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsId, MayBeOmitted, ToBoolean, ToInteger } from '../http/tolerant-input.decorators';

export const STAGE_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** Shapes only: the stages map and the definitions are judged by the service (422 naming the fault). */
class FunnelFieldsDto implements FunnelInput {
  @ApiPropertyOptional({ description: 'Required on create' }) @MayBeOmitted() @IsString() @MaxLength(255) name?: string;
  @ApiPropertyOptional({ nullable: true, type: String })
  @ValidateIf((_, v) => v !== undefined && v !== null)
  @IsString()
  @MaxLength(5000)
  description?: string | null;
  @ApiPropertyOptional({ description: 'false archives the funnel' }) @MayBeOmitted() @IsBoolean() active?: boolean;
  @ApiPropertyOptional({ description: 'One per account: setting it clears the other' })
  @MayBeOmitted()
  @IsBoolean()
  is_default?: boolean;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Required on create: stage id → {id, name, color (hex), position (integer), description}',
  })
  @MayBeOmitted()
  @IsObject()
  stages?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) @MayBeOmitted() @IsObject() settings?: Record<
    string,
    unknown
  >;
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Definitions {key, name, type, values, required} cards are validated against',
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(100)
  global_custom_attributes?: unknown[];
}

/** `{"funnel": {…}}`. */
export class FunnelBodyDto {
  @ApiProperty({ type: FunnelFieldsDto })
  @IsObject()
  @ValidateNested()
  @Type(() => FunnelFieldsDto)
  funnel: FunnelFieldsDto;
}

export class FunnelListQueryDto {
  @ApiPropertyOptional({ description: 'Archived funnels too' })
  @ToBoolean()
  @MayBeOmitted()
  @IsBoolean()
  include_archived?: boolean;
}

export class ReorderStagesDto {
  @ApiProperty({ type: [String], description: 'Stage ids in the new order; each a stage of the funnel, once' })
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  stages: string[];
}

class StageFieldsDto implements StageInput {
  @ApiPropertyOptional({ description: 'Generated from the name when left out' })
  @MayBeOmitted()
  @IsString()
  @Matches(STAGE_ID_PATTERN)
  id?: string;
  @ApiPropertyOptional() @MayBeOmitted() @IsString() @MaxLength(255) name?: string;
  @ApiPropertyOptional({ description: '#rgb or #rrggbb' }) @MayBeOmitted() @IsString() @MaxLength(16) color?: string;
  @ApiPropertyOptional() @MayBeOmitted() @IsInt() position?: number;
  @ApiPropertyOptional({ nullable: true, type: String })
  @ValidateIf((_, v) => v !== undefined && v !== null)
  @IsString()
  @MaxLength(5000)
  description?: string | null;
}

export class StageBodyDto {
  @ApiProperty() @ToInteger() @IsId() funnel_id: number;
  @ApiProperty({ type: StageFieldsDto })
  @IsObject()
  @ValidateNested()
  @Type(() => StageFieldsDto)
  stage: StageFieldsDto;
}

export class StageQueryDto {
  @ApiProperty() @ToInteger() @IsId() funnel_id: number;
}

/** A stage named by the path: `funnel_id` may be left out when one funnel of the account has that stage id. */
export class StagePathQueryDto {
  @ApiPropertyOptional() @ToInteger() @MayBeOmitted() @IsId() funnel_id?: number;
}

export class StageDeleteQueryDto extends StagePathQueryDto {
  @ApiPropertyOptional({ description: "Where the stage's cards go; required while it has cards" })
  @Transform(({ value }) => (value === '' ? undefined : value))
  @MayBeOmitted()
  @IsString()
  @Matches(STAGE_ID_PATTERN)
  fallback_stage_id?: string;
}
