import { kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';
import { ReportingModel1765000000001 } from './migrations/1765000000001-reporting-model';

/** The tables of the `reporting` schema and the migrations that build them, in order (raw SQL only: no entities). */
export const reportingSchema: SchemaDefinition = {
  entities: [],
  migrations: [kitTablesMigration('reporting'), ReportingModel1765000000001],
};
