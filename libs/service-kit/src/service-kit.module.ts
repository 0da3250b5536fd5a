import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { BackendService, ServiceName } from '@parley/contracts';
import { loadServiceConfig, type ServiceConfig } from './config/service-config';
import { SERVICE_CONFIG } from './config/tokens';
import { dataSourceOptions, openDataSource, type SchemaDefinition } from './database/data-source';
import { DeletedAccounts } from './events/deleted-accounts';
import { EventBus } from './events/event-bus';
import { EventConsumers } from './events/event-consumers';
import { Outbox } from './events/outbox';
import { OutboxRelay } from './events/outbox-relay';
import { createHealthControllers } from './health/health.controllers';
import { NatsHealthIndicator } from './health/nats.health-indicator';
import { Readiness } from './health/readiness';
import { MailRelay } from './mail/mail-relay';
import { Metrics } from './metrics/metrics';
import { RpcClient } from './rpc/rpc-client';
import { RpcContractGuard } from './rpc/rpc-contract.guard';
import { RpcErrorFilter } from './rpc/rpc-exception.filter';

export interface ServiceKitOptions {
  service: ServiceName;
  /** The service's own schema: its migrations. Omitted by the gateway. */
  schema?: SchemaDefinition;
  /** Settings to read instead of process.env (tests). */
  env?: Record<string, string | undefined>;
}

const eventBusProvider: Provider = {
  provide: EventBus,
  inject: [SERVICE_CONFIG],
  useFactory: async (config: ServiceConfig) => {
    const bus = new EventBus(config);
    await bus.connect();
    return bus;
  },
};

/** Everything a deployable needs from the platform: config, NATS, events, database, health. */
@Module({})
export class ServiceKitModule {
  static forRoot(options: ServiceKitOptions): DynamicModule {
    const config = loadServiceConfig(options.service, options.env);
    const exported: Provider[] = [
      { provide: SERVICE_CONFIG, useValue: config },
      eventBusProvider,
      RpcClient,
      NatsHealthIndicator,
      Readiness,
      Metrics,
    ];
    const imports: NonNullable<DynamicModule['imports']> = [TerminusModule, DiscoveryModule];
    const enhancers: Provider[] = [];
    const controllers: Type[] = [];
    if (options.schema && config.database) {
      const definition = options.schema;
      imports.push(
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(config.database!, definition),
          dataSourceFactory: (dataSourceConfig) => openDataSource(dataSourceConfig!),
        }),
      );
      exported.push(Outbox, OutboxRelay, MailRelay, EventConsumers, DeletedAccounts);
    }
    if (options.service !== 'gateway') {
      controllers.push(...createHealthControllers(options.service as BackendService));
      enhancers.push(
        { provide: APP_FILTER, useClass: RpcErrorFilter },
        { provide: APP_GUARD, useClass: RpcContractGuard },
      );
    }
    return {
      module: ServiceKitModule,
      global: true,
      imports,
      providers: [...exported, ...enhancers],
      controllers,
      exports: exported,
    };
  }
}
