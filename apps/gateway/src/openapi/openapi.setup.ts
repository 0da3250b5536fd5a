import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ErrorView } from '../errors/error.responses';
import { PARLEY_VERSION } from '../version.constants';
import { ACCOUNT_TOKEN, describeOperations, errorResponseComponents, PLATFORM_TOKEN } from './operations.setup';
import { typeWholeNumbers } from './integer-fields.setup';
import { describeDtosFromValidators } from './validator-types.setup';

/** The OpenAPI document, generated from the controllers of `app`; `publicUrl` is where clients reach the gateway. */
export function openApiDocumentOf(app: INestApplication, publicUrl: string): OpenAPIObject {
  describeDtosFromValidators();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Parley API')
      .setDescription('Multi-channel customer messaging and support platform')
      .setVersion(PARLEY_VERSION)
      .addServer(publicUrl)
      .addApiKey(
        { type: 'apiKey', in: 'header', name: 'api_access_token', description: "A user's access token (its profile)" },
        ACCOUNT_TOKEN,
      )
      .addApiKey(
        {
          type: 'apiKey',
          in: 'header',
          name: 'api_access_token',
          description: "The operator's PLATFORM_API_TOKEN (Platform API only)",
        },
        PLATFORM_TOKEN,
      )
      .build(),
    { extraModels: [ErrorView] },
  );
  describeOperations(app, document);
  typeWholeNumbers(document);
  document.components = { ...document.components, responses: errorResponseComponents() };
  return document;
}

/** Serves the document: UI at /api-docs, JSON at /api-docs/json. */
export function serveOpenApi(app: INestApplication, publicUrl: string): OpenAPIObject {
  const document = openApiDocumentOf(app, publicUrl);
  SwaggerModule.setup('api-docs', app, document, { jsonDocumentUrl: 'api-docs/json' });
  return document;
}
