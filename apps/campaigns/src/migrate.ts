import 'reflect-metadata';
import { runMigrationsCli } from '@parley/service-kit';
import { campaignsSchema } from './schema';

void runMigrationsCli('campaigns', campaignsSchema);
