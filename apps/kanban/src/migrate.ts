import 'reflect-metadata';
import { runMigrationsCli } from '@parley/service-kit';
import { kanbanSchema } from './schema';

void runMigrationsCli('kanban', kanbanSchema);
