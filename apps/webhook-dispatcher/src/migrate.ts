import 'reflect-metadata';
import { runMigrationsCli } from '@parley/service-kit';
import { webhookDispatcherSchema } from './schema';

void runMigrationsCli('webhook-dispatcher', webhookDispatcherSchema);
