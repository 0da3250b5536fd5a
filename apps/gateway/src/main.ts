import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import multipart from '@fastify/multipart';
import {
  createLogger,
  describeStartupFailure,
  LARGEST_ATTACHMENT,
  PinoNestLogger,
  readConfigOrExit,
  startTracing,
  stopTracing,
  stopWithLauncher,
} from '@parley/service-kit';
import { AppModule } from './app.module';
import { loadGatewayConfig } from './gateway.config';
import { enableCrossSiteCors } from './http/cors.setup';
import { clientErrorAnswer, configureFastify, requestIdFrom, requestTimeouts } from './http/fastify.setup';
import { HttpMetricsService } from './http/http-metrics.service';
import { parseQueryString } from './http/query-string.parser';
import { carryRequestContext } from './http/request-context.setup';
import { undocumentedRoutes, type ServedRoute } from './http/route-table.rules';
import { serveOpenApi } from './openapi/openapi.setup';

async function bootstrap(): Promise<void> {
  stopWithLauncher();
  const config = readConfigOrExit('gateway');
  const gateway = loadGatewayConfigOrExit();
  const logger = createLogger('gateway', config.logLevel);
  if (startTracing('gateway')) logger.info('Tracing on: spans are exported over OTLP');
  process.once('beforeExit', () => void stopTracing());
  try {
    const adapter = new FastifyAdapter({
      bodyLimit: gateway.bodyLimitBytes,
      genReqId: requestIdFrom,
      trustProxy: gateway.trustProxy,
      requestTimeout: gateway.requestTimeoutMs,
      http: requestTimeouts(gateway.requestTimeoutMs),
      clientErrorHandler: clientErrorAnswer(gateway.requestTimeoutMs),
      routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
    });
    const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
      logger: new PinoNestLogger(logger),
      abortOnError: false,
      // The JSON parser is ours (configureFastify): empty bodies, nesting cap, clean text.
      bodyParser: false,
    });
    const fastify = app.getHttpAdapter().getInstance();
    const routes: ServedRoute[] = [];
    fastify.addHook('onRoute', (route) => void routes.push({ method: route.method, url: route.url }));
    carryRequestContext(fastify);
    configureFastify(fastify, logger, app.get(HttpMetricsService));
    enableCrossSiteCors(app);
    // Files stream to storage as they arrive; each is checked against its type's limit there.
    await app
      .getHttpAdapter()
      .getInstance()
      .register(multipart, {
        limits: { fileSize: LARGEST_ATTACHMENT + 1, files: 10, fields: 20, fieldSize: gateway.bodyLimitBytes },
      });
    const document = serveOpenApi(app, gateway.publicUrl);
    await app.init();
    // Every served route is documented: the document is the route table clients and the suites use.
    const undocumented = undocumentedRoutes(routes, document.paths as Record<string, Record<string, unknown>>);
    if (undocumented.length) throw new Error(`routes missing from the OpenAPI document: ${undocumented.join(', ')}`);
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
