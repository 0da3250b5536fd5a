import {
  deletedAccountsMigration,
  parkedEventsMigration,
  kitTablesMigration,
  type SchemaDefinition,
} from '@parley/service-kit';
import { ReportingModel1765000000001 } from './migrations/1765000000001-reporting-model';
import { Csat1765000000002 } from './migrations/1765000000002-csat';
import { DailyRollups1765000000003 } from './migrations/1765000000003-daily-rollups';
import { ModelState1765000000004 } from './migrations/1765000000004-model-state';
import { HistoryBoundary1765000000020 } from './migrations/1765000000020-history-boundary';
import { ViewVersions1765000000030 } from './migrations/1765000000030-view-versions';

/** The tables of the `reporting` schema and the migrations that build them, in order. */
export const reportingSchema: SchemaDefinition = {
  migrations: [
    kitTablesMigration('reporting'),
    ReportingModel1765000000001,
    Csat1765000000002,
    DailyRollups1765000000003,
    ModelState1765000000004,
    HistoryBoundary1765000000020,
    ViewVersions1765000000030,
    deletedAccountsMigration('reporting'),
    parkedEventsMigration('reporting'),
  ],
};
