import 'reflect-metadata';
import { bootstrapService } from '@parley/service-kit';
import { AppModule } from './app.module';

void bootstrapService('reporting', AppModule);
