import { HEADERS_METADATA } from '@nestjs/common/constants';
import type { Type } from '@nestjs/common';

describe("a service's health checks", () => {
  it('load no @nestjs/swagger (a service serves no API document) and still answer uncached', () => {
    let swaggerLoaded = false;
    let controllers: Type[] = [];
    jest.isolateModules(() => {
      // Terminus swallows a failing require of swagger, so the mock records the load instead.
      jest.doMock('@nestjs/swagger', () => {
        swaggerLoaded = true;
        return { ApiOkResponse: () => () => undefined, ApiServiceUnavailableResponse: () => () => undefined };
      });
      const { createHealthControllers } = require('./health.controllers') as typeof import('./health.controllers');
      controllers = createHealthControllers('contacts');
    });
    expect(swaggerLoaded).toBe(false);
    const http = controllers[0].prototype as Record<'live' | 'ready', () => unknown>;
    for (const handler of [http.live, http.ready])
      expect(Reflect.getMetadata(HEADERS_METADATA, handler)).toEqual([
        { name: 'Cache-Control', value: 'no-cache, no-store, must-revalidate' },
      ]);
  });
});
