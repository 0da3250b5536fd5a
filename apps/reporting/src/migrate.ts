import 'reflect-metadata';
import { runMigrationsCli } from '@parley/service-kit';
import { reportingSchema } from './schema';

void runMigrationsCli('reporting', reportingSchema);
