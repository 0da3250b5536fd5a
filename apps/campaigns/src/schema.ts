import type { SchemaDefinition } from '@parley/service-kit';
import { Initial1732233600000 } from './migrations/1732233600000-initial';

/** The tables of the `campaigns` schema and the migrations that build them, in order. */
export const campaignsSchema: SchemaDefinition = {
  entities: [],
  migrations: [Initial1732233600000],
};
