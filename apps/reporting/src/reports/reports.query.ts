import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntitySummaryKind, ReportGrouping, ReportScope } from '@parley/contracts';
import type { DataSource } from 'typeorm';
import { modelRows, SUM_ROLLUP_COLUMNS } from '../ingestion/model.loader';
import { ROLLUP_COLUMNS, ScopeCode, type RollupColumn } from '../ingestion/rollup.rules';
import type { Window } from '../report-window/report-window.rules';
import type { Zone } from './report-query.rules';

export type Totals = Record<RollupColumn, number>;

const HOUR = 3600;
const DAY = 86_400;
/**
 * The parameters $4–$9 of modelRows: the window, its whole hours and (when `days`) its whole
 * UTC days; empty ranges where roll-ups are not to be used.
 */
function ranges(window: Window, rollups: 'day' | 'hour' | 'none'): number[] {
  const start = Math.ceil(window.since / HOUR) * HOUR;
  const end = Math.floor(window.until / HOUR) * HOUR;
  if (rollups === 'none' || start >= end)
    return [window.since, window.until, window.since, window.since, window.since, window.since];
  const dayStart = Math.ceil(start / DAY) * DAY;
  const dayEnd = Math.floor(end / DAY) * DAY;
  if (rollups === 'hour' || dayStart >= dayEnd) return [window.since, window.until, start, end, start, start];
  return [window.since, window.until, start, end, dayStart, dayEnd];
}

function zoneSql(zone: Zone, param: string): string {
  return 'name' in zone ? `${param}::text` : `make_interval(mins => ${param}::int)`;
}

function zoneParam(zone: Zone): string | number {
  return 'name' in zone ? zone.name : zone.offsetMinutes;
}

function totalsOf(row: Record<string, unknown> | undefined): Totals {
  return Object.fromEntries(ROLLUP_COLUMNS.map((column) => [column, Number(row?.[column] ?? 0)])) as Totals;
}

/** The report reads of the model. */
@Injectable()
export class ReportsQuery {
  private zones: Promise<Set<string>> | null = null;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Whether PostgreSQL knows the zone too (its zone data may be older than the runtime's). */
  async knowsZone(name: string): Promise<boolean> {
    this.zones ??= this.db
      .query('SELECT lower(name) AS name FROM pg_timezone_names')
      .then((rows: Array<{ name: string }>) => new Set(rows.map((row) => row.name)))
      .catch((error: unknown) => {
        this.zones = null;
        throw error;
      });
    return (await this.zones).has(name.toLowerCase());
  }

  async totals(
    accountId: number,
    scope: ReportScope,
    scopeId: number,
    window: Window,
    useRollups = true,
  ): Promise<Totals> {
    const [row] = await this.db.query(`SELECT ${SUM_ROLLUP_COLUMNS} FROM (${modelRows(scope)}) r`, [
      accountId,
      ScopeCode[scope],
      scopeId,
      ...ranges(window, useRollups ? 'day' : 'none'),
    ]);
    return totalsOf(row);
  }

  /** Totals per bucket of the zone's calendar, every bucket of the window present (empty ones all zero). */
  async series(
    accountId: number,
    scope: ReportScope,
    scopeId: number,
    window: Window,
    grouping: ReportGrouping,
    zone: Zone,
    rollups: 'day' | 'hour' | 'none',
  ): Promise<Array<{ timestamp: number; totals: Totals }>> {
    const tz = zoneSql(zone, '$10');
    const bucket = (column: string) => `(date_trunc('${grouping}', ${column} AT TIME ZONE ${tz}) AT TIME ZONE ${tz})`;
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `WITH buckets AS (
         SELECT DISTINCT ${bucket('g')} AS b FROM (
           SELECT generate_series(to_timestamp($4), to_timestamp(greatest($4, $5 - 1)), interval '1 hour') AS g
           UNION ALL SELECT to_timestamp(greatest($4, $5 - 1))
         ) s
       ), sums AS (
         SELECT ${bucket('r.t')} AS b, ${SUM_ROLLUP_COLUMNS} FROM (${modelRows(scope)}) r GROUP BY 1
       )
       SELECT extract(epoch FROM buckets.b)::bigint AS timestamp, sums.* FROM buckets LEFT JOIN sums ON sums.b = buckets.b ORDER BY buckets.b`,
      [accountId, ScopeCode[scope], scopeId, ...ranges(window, rollups), zoneParam(zone)],
    );
    return rows.map((row) => ({ timestamp: Number(row.timestamp), totals: totalsOf(row) }));
  }

  /** Totals per agent, inbox, team or label key with any fact in the window. */
  async perEntity(
    accountId: number,
    kind: EntitySummaryKind,
    window: Window,
    useRollups = true,
  ): Promise<Map<number, Totals>> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT r.id, ${SUM_ROLLUP_COLUMNS} FROM (${modelRows(kind, { perEntity: true })}) r GROUP BY r.id`,
      [accountId, ScopeCode[kind], 0, ...ranges(window, useRollups ? 'day' : 'none')],
    );
    return new Map(rows.map((row) => [Number(row.id), totalsOf(row)]));
  }

  /** Conversations created per weekday × hour of the zone. */
  async traffic(
    accountId: number,
    window: Window,
    zone: Zone,
    rollups: 'hour' | 'none',
  ): Promise<Array<{ dow: number; hour: number; count: number }>> {
    const local = `(r.t AT TIME ZONE ${zoneSql(zone, '$10')})`;
    const rows: Array<{ dow: number; hour: number; count: string }> = await this.db.query(
      `SELECT extract(dow FROM ${local})::int AS dow, extract(hour FROM ${local})::int AS hour, sum(r.conversations) AS count
       FROM (${modelRows('account')}) r GROUP BY 1, 2`,
      [accountId, ScopeCode.account, 0, ...ranges(window, rollups), zoneParam(zone)],
    );
    return rows.map((row) => ({ dow: row.dow, hour: row.hour, count: Number(row.count) }));
  }
}
