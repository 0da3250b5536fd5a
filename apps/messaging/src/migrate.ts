import 'reflect-metadata';
import { runMigrationsCli } from '@parley/service-kit';
import { messagingSchema } from './schema';

void runMigrationsCli('messaging', messagingSchema);
