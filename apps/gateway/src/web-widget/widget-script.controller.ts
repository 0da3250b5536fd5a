import { Controller, Get, Headers, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/access.decorators';
import { WidgetScriptService } from './widget-script.service';

/**
 * The script the web-widget snippet loads (`web_widget_script`): any site may load it (CORS),
 * caches keep it an hour and revalidate by ETag, so a new release reaches sites within the hour.
 */
@ApiTags('web widget')
@Public()
@Controller('packs/js')
export class WidgetScriptController {
  constructor(private readonly scripts: WidgetScriptService) {}

  @Get('sdk.js')
  @ApiProduces('application/javascript')
  @ApiOkResponse({
    description: 'The widget: `window.chatwootSDK.run({websiteToken, baseUrl})` mounts it on the page',
    schema: { type: 'string' },
  })
  @ApiResponse({ status: 304, description: 'Not modified: the `If-None-Match` ETag is current' })
  async sdk(
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const script = this.scripts.get();
    if (!script) throw new ServiceUnavailableException('The widget script is not built (npm run build)');
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('etag', script.etag)
      .header('vary', 'accept-encoding')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin');
    if (ifNoneMatch?.split(/\s*,\s*/).includes(script.etag)) {
      await reply.status(304).send();
      return;
    }
    reply.header('content-type', 'application/javascript; charset=utf-8');
    if (/\bgzip\b/.test(acceptEncoding ?? '')) {
      await reply.header('content-encoding', 'gzip').send(script.gzipped);
      return;
    }
    await reply.send(script.body);
  }
}
