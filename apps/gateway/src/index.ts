import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { loadGatewayConfig } from './gateway.config';
import { openApiDocumentOf } from './openapi/openapi.setup';

/**
 * What code outside the gateway may use (`@parley/gateway`; apps never import it, the lint
 * refuses): the OpenAPI document it serves, built from its controllers without starting it
 * (Nest's preview mode instantiates nothing, so nothing connects). tools/route-map.ts maps its
 * routes to the services, tools/openapi-document.ts publishes it as docs/openapi.json. Loading
 * the module reads the gateway's settings: NATS_URL and ATTACHMENT_URL_SECRET must be set, to
 * anything. `publicUrl` is the document's server (PUBLIC_URL when not given).
 */
export async function openApiDocument(publicUrl?: string): Promise<OpenAPIObject> {
  const app = await NestFactory.create(AppModule, new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    return openApiDocumentOf(app, publicUrl ?? loadGatewayConfig().publicUrl);
  } finally {
    await app.close();
  }
}
