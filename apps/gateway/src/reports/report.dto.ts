import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  REPORT_GROUPINGS,
  REPORT_METRICS,
  REPORT_SCOPES,
  type ReportGrouping,
  type ReportScope,
} from '@parley/contracts';
import { IsBoolean, IsIn, IsInt, IsNumber, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsId, MayBeOmitted, ToBoolean, ToDecimal, ToInteger } from '../http/tolerant-input.decorators';

const MAX_TIME = 253_402_300_799; // 9999-12-31

export class WindowQueryDto {
  @ApiPropertyOptional({ description: 'Unix seconds; default: the default window before `until`' })
  @ToInteger()
  @MayBeOmitted()
  @IsInt()
  @Min(0)
  @Max(MAX_TIME)
  since?: number;

  @ApiPropertyOptional({ description: 'Unix seconds (exclusive); default: now' })
  @ToInteger()
  @MayBeOmitted()
  @IsInt()
  @Min(0)
  @Max(MAX_TIME)
  until?: number;

  /** Clients send it with every window; only reports with buckets (series, traffic) use it. */
  @ApiPropertyOptional({
    description: 'Hours east of UTC, e.g. -3 or 5.5; buckets follow it where the report has buckets',
  })
  @ToDecimal()
  @MayBeOmitted()
  @IsNumber()
  @Min(-12)
  @Max(14)
  timezone_offset?: number;
}

export const WINDOW_KEYS = ['since', 'until', 'timezone_offset'] as const;

/** `format=csv` (or `type=csv`) answers CSV on every summary endpoint. */
class CsvFormatQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ enum: ['json', 'csv'] }) @MayBeOmitted() @IsIn(['json', 'csv']) format?: 'json' | 'csv';
}

export class EntitySummaryQueryDto extends CsvFormatQueryDto {
  @ApiPropertyOptional({ enum: ['csv'], description: "The contract's way to ask for CSV" })
  @MayBeOmitted()
  @IsIn(['csv'])
  type?: 'csv';
}

export class SummaryQueryDto extends CsvFormatQueryDto {
  @ApiPropertyOptional({
    enum: [...REPORT_SCOPES, 'csv'],
    default: 'account',
    description: '`csv`: the account, as CSV',
  })
  @MayBeOmitted()
  @IsIn([...REPORT_SCOPES, 'csv'])
  type?: ReportScope | 'csv';

  @ApiPropertyOptional({ description: 'The agent, inbox, team or label; required unless type is account' })
  @ToInteger()
  @MayBeOmitted()
  @IsId()
  id?: number;
}

/** The series' scope, buckets and clock, without its metric. */
class SeriesOptionsQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ enum: REPORT_SCOPES, default: 'account' })
  @MayBeOmitted()
  @IsIn(REPORT_SCOPES)
  type?: ReportScope;
  @ApiPropertyOptional() @ToInteger() @MayBeOmitted() @IsId() id?: number;
  @ApiPropertyOptional({ enum: REPORT_GROUPINGS, default: 'day' })
  @MayBeOmitted()
  @IsIn(REPORT_GROUPINGS)
  group_by?: ReportGrouping;
  @ApiPropertyOptional({ description: 'Times counted only inside the inbox working hours' })
  @ToBoolean()
  @MayBeOmitted()
  @IsBoolean()
  business_hours?: boolean;
  @ApiPropertyOptional({ description: 'IANA zone name; wins over timezone_offset', example: 'Europe/Berlin' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(64)
  timezone?: string;
}

export class SeriesQueryDto extends SeriesOptionsQueryDto {
  @ApiPropertyOptional({
    enum: REPORT_METRICS,
    description: "Without it: the scope's open, unattended and unassigned conversations now",
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(100)
  metric?: string;
}

/** `GET {v2}/reports`, the reference's path of the series: the metric is required there. */
export class MetricSeriesQueryDto extends SeriesOptionsQueryDto {
  @ApiProperty({ enum: REPORT_METRICS }) @IsString() @MaxLength(100) metric: string;
}

export class TrafficQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ example: 'America/Sao_Paulo' }) @MayBeOmitted() @IsString() @MaxLength(64) timezone?: string;
}

export class LiveConversationsQueryDto {
  @ApiPropertyOptional({ enum: ['team'], description: 'Adds the counts per team' })
  @MayBeOmitted()
  @IsIn(['team'])
  group_by?: 'team';
}
