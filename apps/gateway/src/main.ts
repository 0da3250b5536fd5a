import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import multipart from '@fastify/multipart';
import { createLogger, describeStartupFailure, LARGEST_ATTACHMENT, PinoNestLogger, readConfigOrExit } from '@parley/service-kit';
import { AppModule } from './app.module';
import { loadGatewayConfig } from './gateway.config';
import { configureFastify, requestIdFrom } from './http/fastify.setup';
import { HttpMetrics } from './http/http-metrics.service';
import { parseQueryString } from './http/query-string.parser';
import { serveOpenApi } from './openapi.setup';

async function bootstrap(): Promise<void> {
  const config = readConfigOrExit('gateway');
  const gateway = loadGatewayConfigOrExit();
  const logger = createLogger('gateway', config.logLevel);
  try {
    const adapter = new FastifyAdapter({
      bodyLimit: gateway.bodyLimitBytes,
      genReqId: requestIdFrom,
      routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
    });
    const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
      logger: new PinoNestLogger(logger),
      abortOnError: false,
      // The JSON parser is ours (configureFastify): empty bodies, nesting cap, clean text.
      bodyParser: false,
    });
    configureFastify(app.getHttpAdapter().getInstance(), logger, app.get(HttpMetrics));
    // Files stream to storage as they arrive; each is checked against its type's limit there.
    await app.getHttpAdapter().getInstance().register(multipart, {
      limits: { fileSize: LARGEST_ATTACHMENT + 1, files: 10, fields: 20, fieldSize: gateway.bodyLimitBytes },
    });
    serveOpenApi(app);
    app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
    await app.listen(config.port, config.host);
    if (!gateway.platformApiToken) logger.warn('PLATFORM_API_TOKEN is not set: the Platform API refuses every request');
    logger.info({ port: config.port }, `gateway is listening on http://${config.host}:${config.port}`);
  } catch (error) {
    logger.fatal(`gateway could not start: ${describeStartupFailure(error, config)}`);
    process.exit(1);
  }
}

function loadGatewayConfigOrExit() {
  try {
    return loadGatewayConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}

void bootstrap();
