import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { PARLEY_VERSION } from './version.constants';

/** The OpenAPI document, generated from the controllers of `app`. */
export function openApiDocumentOf(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Parley API')
      .setDescription('Multi-channel customer messaging and support platform')
      .setVersion(PARLEY_VERSION)
      .addApiKey({ type: 'apiKey', in: 'header', name: 'api_access_token' }, 'api_access_token')
      .build(),
  );
}

/** Serves the document: UI at /api-docs, JSON at /api-docs/json. */
export function serveOpenApi(app: INestApplication): OpenAPIObject {
  const document = openApiDocumentOf(app);
  SwaggerModule.setup('api-docs', app, document, { jsonDocumentUrl: 'api-docs/json' });
  return document;
}
