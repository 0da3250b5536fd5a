import type { SchemaDefinition } from '@parley/service-kit';
import { Initial1732233600000 } from './migrations/1732233600000-initial';

/** The tables of the `automation` schema and the migrations that build them, in order. */
export const automationSchema: SchemaDefinition = {
  entities: [],
  migrations: [Initial1732233600000],
};
