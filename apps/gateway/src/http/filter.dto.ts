import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FILTER_OPERATORS, type FilterOperator } from '@parley/contracts';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { IsPage, MayBeOmitted } from './tolerant-input.decorators';

/** One condition of the filter language shared by conversations and contacts (`POST …/filter`). */
export class FilterConditionDto {
  @ApiProperty({ example: 'status' }) @IsString() @MaxLength(255) attribute_key: string;
  @ApiProperty({ enum: FILTER_OPERATORS, example: 'equal_to' }) @IsString() filter_operator: FilterOperator;
  @ApiPropertyOptional({ type: 'array', items: {}, example: ['open'] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(100)
  values: unknown[] = [];
  @ApiPropertyOptional({ enum: ['and', 'or'], description: 'Case-insensitive' })
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  query_operator?: 'and' | 'or' | null;
}

/** The conditions of a filter: what `POST …/filter` takes and what a saved custom filter keeps. */
export class FilterPayloadDto {
  @ApiProperty({ type: [FilterConditionDto] })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => FilterConditionDto)
  payload: FilterConditionDto[];
}

export class FilterDto extends FilterPayloadDto {
  @IsPage() page?: number;
}

/** A filter's page may come in the query instead of the body (the body's wins). */
export class FilterPageQueryDto {
  @IsPage() page?: number;
}
