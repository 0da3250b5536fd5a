import { ApiPropertyOptional } from '@nestjs/swagger';
import { REPORT_GROUPINGS, REPORT_METRICS, REPORT_SCOPES, type ReportGrouping, type ReportScope } from '@parley/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsId, MayBeOmitted, ToBoolean, ToInteger } from '../http/tolerant-input.decorators';

const MAX_TIME = 253_402_300_799; // 9999-12-31

/** Decimal strings become numbers (time-zone offsets such as 5.5). */
function ToNumber(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value));
}

export class WindowQueryDto {
  @ApiPropertyOptional({ description: 'Unix seconds; default: the default window before `until`' })
  @ToInteger() @MayBeOmitted() @IsInt() @Min(0) @Max(MAX_TIME)
  since?: number;

  @ApiPropertyOptional({ description: 'Unix seconds (exclusive); default: now' })
  @ToInteger() @MayBeOmitted() @IsInt() @Min(0) @Max(MAX_TIME)
  until?: number;
}

export const WINDOW_KEYS = ['since', 'until'] as const;

/** Summary endpoints answer CSV with `format=csv` (or, on summary, `type=csv`). */
export class EntitySummaryQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ enum: ['json', 'csv'] }) @MayBeOmitted() @IsIn(['json', 'csv']) format?: 'json' | 'csv';
}

export class SummaryQueryDto extends EntitySummaryQueryDto {
  @ApiPropertyOptional({ enum: [...REPORT_SCOPES, 'csv'], default: 'account' })
  @MayBeOmitted() @IsIn([...REPORT_SCOPES, 'csv'])
  type?: ReportScope | 'csv';

  @ApiPropertyOptional({ description: 'The agent, inbox, team or label; required unless type is account' })
  @ToInteger() @MayBeOmitted() @IsId()
  id?: number;
}

export class SeriesQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ enum: REPORT_METRICS }) @MayBeOmitted() @IsString() @MaxLength(100) metric?: string;
  @ApiPropertyOptional({ enum: REPORT_SCOPES, default: 'account' }) @MayBeOmitted() @IsIn(REPORT_SCOPES) type?: ReportScope;
  @ApiPropertyOptional() @ToInteger() @MayBeOmitted() @IsId() id?: number;
  @ApiPropertyOptional({ enum: REPORT_GROUPINGS, default: 'day' }) @MayBeOmitted() @IsIn(REPORT_GROUPINGS) group_by?: ReportGrouping;
  @ApiPropertyOptional({ description: 'Times counted only inside the inbox working hours' }) @ToBoolean() @MayBeOmitted() @IsBoolean() business_hours?: boolean;
  @ApiPropertyOptional({ description: 'Hours east of UTC, e.g. -3 or 5.5' }) @ToNumber() @MayBeOmitted() @IsNumber() @Min(-12) @Max(14) timezone_offset?: number;
  @ApiPropertyOptional({ description: 'IANA zone name; wins over timezone_offset', example: 'Europe/Berlin' }) @MayBeOmitted() @IsString() @MaxLength(64) timezone?: string;
}

export class TrafficQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ description: 'Hours east of UTC' }) @ToNumber() @MayBeOmitted() @IsNumber() @Min(-12) @Max(14) timezone_offset?: number;
  @ApiPropertyOptional({ example: 'America/Sao_Paulo' }) @MayBeOmitted() @IsString() @MaxLength(64) timezone?: string;
}

export class LiveConversationsQueryDto {
  @ApiPropertyOptional({ enum: ['team'], description: 'Adds the counts per team' }) @MayBeOmitted() @IsIn(['team']) group_by?: 'team';
}
