import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

/** What pages of any site may call: the public client API and the widget's script. */
const CROSS_SITE_PREFIXES = ['/public/api/', '/packs/'];

/**
 * CORS for the token-less edges a website's widget uses, from any origin (the reference allows
 * the same); the token-authenticated API stays same-origin for browsers.
 */
export function enableCrossSiteCors(app: NestFastifyApplication): void {
  app.enableCors({
    delegator: (request: FastifyRequest, callback) => {
      const open = CROSS_SITE_PREFIXES.some((prefix) => request.url.startsWith(prefix));
      callback(
        null,
        open
          ? { origin: '*', methods: ['GET', 'POST', 'PATCH', 'OPTIONS'], maxAge: 86_400, strictPreflight: false }
          : { origin: false },
      );
    },
  });
}
