import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CUSTOM_FILTER_TYPES, type CreateCustomFilterInput, type CustomFilterType } from '@parley/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { FilterPayloadDto } from '../http/filter.dto';
import { MayBeOmitted, UpdateOf } from '../http/tolerant-input.decorators';

export class CreateCustomFilterDto implements CreateCustomFilterInput {
  @ApiProperty({ maxLength: 255 }) @IsString() @MaxLength(255) name: string;

  @ApiProperty({ enum: CUSTOM_FILTER_TYPES }) @IsIn(CUSTOM_FILTER_TYPES) filter_type: CustomFilterType;

  @ApiProperty({
    type: FilterPayloadDto,
    description: 'Exactly the body the conversation (or contact) filter endpoint takes, its page aside',
  })
  @IsObject()
  @ValidateNested()
  @Type(() => FilterPayloadDto)
  query: FilterPayloadDto;
}

export class UpdateCustomFilterDto extends UpdateOf(CreateCustomFilterDto) {}

export class CustomFilterListQueryDto {
  @ApiPropertyOptional({ enum: CUSTOM_FILTER_TYPES, default: 'conversation' })
  @MayBeOmitted()
  @IsIn(CUSTOM_FILTER_TYPES)
  filter_type?: CustomFilterType;
}
