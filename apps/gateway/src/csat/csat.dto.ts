import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CsatRatingInput } from '@parley/contracts';
import { ValidateIf, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsPage, IsId, MayBeOmitted, ToInteger } from '../http/tolerant-input.decorators';
import { WindowQueryDto } from '../reports/report.dto';

export class CsatRatingDto implements CsatRatingInput {
  @ApiProperty({ minimum: 1, maximum: 5 }) @ToInteger() @IsInt() @Min(1) @Max(5) rating: number;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @MayBeOmitted()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(5000)
  feedback_message?: string | null;
}

export class CsatReportQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ description: 'Responses about conversations assigned to this agent' })
  @ToInteger()
  @MayBeOmitted()
  @IsId()
  agent_id?: number;
  @ApiPropertyOptional() @ToInteger() @MayBeOmitted() @IsId() inbox_id?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 5 })
  @ToInteger()
  @MayBeOmitted()
  @IsInt()
  @Min(1)
  @Max(5)
  rating?: number;
  @IsPage() page?: number;
}
