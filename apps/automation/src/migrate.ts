import 'reflect-metadata';
import { runMigrationsCli } from '@parley/service-kit';
import { automationSchema } from './schema';

void runMigrationsCli('automation', automationSchema);
