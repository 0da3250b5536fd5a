import 'reflect-metadata';
import { runMigrationsCli } from '@parley/service-kit';
import { contactsSchema } from './schema';

void runMigrationsCli('contacts', contactsSchema);
