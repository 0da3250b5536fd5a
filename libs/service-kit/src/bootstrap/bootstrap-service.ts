import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { BackendService } from '@parley/contracts';
import type { Logger } from 'pino';
import { ConfigError } from '../config/env-reader';
import { loadServiceConfig, type ServiceConfig } from '../config/service-config';
import { EventBus } from '../events/event-bus';
import { EventConsumers } from '../events/event-consumers';
import { OutboxRelay } from '../events/outbox-relay';
import { Readiness } from '../health/readiness';
import { MailRelay } from '../mail/mail-relay';
import { Metrics } from '../metrics/metrics';
import { createLogger, PinoNestLogger } from '../logging/logger';
import { NamespacedNatsServer } from '../rpc/namespaced-nats.server';
import { startTracing, stopTracing } from '../tracing/tracing';
import { stopWithLauncher } from './launcher-watch';
import { describeStartupFailure } from './startup-failure';

/**
 * Starts a backend service: validated config, its schema migrated, request/reply on NATS in
 * the service's queue group, event consumers and outbox relay, health on its own HTTP port,
 * and an orderly shutdown on SIGTERM/SIGINT.
 */
export async function bootstrapService(service: BackendService, rootModule: Type): Promise<void> {
  stopWithLauncher();
  const config = readConfigOrExit(service);
  const logger = createLogger(service, config.logLevel);
  if (startTracing(service)) logger.info('Tracing on: spans are exported over OTLP');
  try {
    const app = await NestFactory.create<NestFastifyApplication>(rootModule, new FastifyAdapter(), {
      logger: new PinoNestLogger(logger),
      abortOnError: false,
    });
    const rpcServer = new NamespacedNatsServer({
      servers: config.nats.servers,
      name: `${service}-rpc`,
      queue: service,
      namespace: config.nats.namespace,
      graceMs: config.shutdownGraceMs,
      metrics: app.get(Metrics),
    });
    // Inherit the app's global filter and guard (APP_FILTER / APP_GUARD from the kit).
    app.connectMicroservice({ strategy: rpcServer }, { inheritAppConfig: true });
    await app.startAllMicroservices();
    await app.listen(config.port, config.host);
    await startBackgroundWork(app);
    installShutdown(app, rpcServer, config, logger);
    logger.info({ port: config.port, namespace: config.nats.namespace || undefined }, `${service} is ready`);
  } catch (error) {
    logger.fatal(`${service} could not start: ${describeStartupFailure(error, config)}`);
    process.exit(1);
  }
}

export function readConfigOrExit(service: BackendService | 'gateway'): ServiceConfig {
  try {
    return loadServiceConfig(service);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function startBackgroundWork(app: INestApplication): Promise<void> {
  app.get(OutboxRelay, { strict: false }).start();
  app.get(MailRelay, { strict: false }).start();
  await app.get(EventConsumers, { strict: false }).start();
}

/**
 * Stop taking work, finish what is in flight, then close connections — in an order that
 * lets requests finishing during shutdown still write and publish their events.
 */
function installShutdown(
  app: INestApplication,
  rpcServer: NamespacedNatsServer,
  config: ServiceConfig,
  logger: Logger,
): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received: shutting down`);
    const hardStop = setTimeout(() => {
      logger.error('Shutdown took too long: exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 5000);
    hardStop.unref();
    try {
      app.get(Readiness, { strict: false }).markDraining();
      await app.get(EventConsumers, { strict: false }).stop();
      // The server alone: closing the Nest microservice would close the whole context (and the database) now.
      await rpcServer.close();
      await app.get(OutboxRelay, { strict: false }).stop();
      await app.get(MailRelay, { strict: false }).stop();
      await app.get(EventBus, { strict: false }).close();
      await app.close();
      await stopTracing();
      logger.info('Shut down cleanly');
      process.exit(0);
    } catch (error) {
      logger.error(`Shutdown failed: ${(error as Error).message}`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}
