import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import {
  ProviderWebhookErrors,
  ProviderWebhookPatterns,
  WEBHOOK_PROVIDERS,
  type WebhookProvider,
} from '@parley/contracts';
import { DomainError, RpcClient } from '@parley/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/access.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';

/** The headers a provider signs or authenticates with; nothing else is forwarded. */
const FORWARDED_HEADERS = [
  'content-type',
  'x-hub-signature-256',
  'x-telegram-bot-api-secret-token',
  'x-twilio-signature',
];

function provider(name: string): WebhookProvider {
  if (!(WEBHOOK_PROVIDERS as readonly string[]).includes(name))
    throw new DomainError(ProviderWebhookErrors.inboxNotFound, 'No inbox receives here');
  return name as WebhookProvider;
}

/**
 * Providers' webhooks, token-less: the raw body, the signing headers and the full public URL
 * go to messaging, which verifies them before storing anything (401 on a bad signature) and
 * answers at once; the messages are applied afterwards. Meta's `GET` handshake is answered here.
 */
@ApiTags('provider webhooks')
@Public()
@Controller('webhooks')
export class ProviderWebhooksController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post(':provider/:inbox_identifier')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'Verified and stored; applied shortly after (Twilio gets an empty TwiML `<Response>` as text/xml)',
    schema: { type: 'object' },
  })
  @ApiUnauthorizedResponse({ description: 'A bad or missing signature: nothing was stored' })
  async receive(
    @Param('provider') name: string,
    @Param('inbox_identifier') identifier: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const headers: Record<string, string> = {};
    for (const header of FORWARDED_HEADERS) {
      const value = request.headers[header];
      if (typeof value === 'string') headers[header] = value;
    }
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const from = provider(name);
    await this.rpc.send(ProviderWebhookPatterns.receive, {
      provider: from,
      inbox_identifier: identifier,
      body_base64: body.toString('base64'),
      headers,
      url: `${this.config.publicUrl}${request.url}`,
    });
    // Twilio reads the answer as TwiML: an empty <Response> sends nothing back to the sender.
    if (from === 'twilio') await reply.status(200).type('text/xml').send('<Response></Response>');
    else await reply.status(200).type('application/json').send('{}');
  }

  @Get(':provider/:inbox_identifier')
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: "Meta's verification handshake: the `hub.challenge` back as text",
    schema: { type: 'string' },
  })
  @ApiUnauthorizedResponse({ description: 'hub.verify_token is not the inbox webhook_verify_token' })
  async handshake(
    @Param('provider') name: string,
    @Param('inbox_identifier') identifier: string,
    @Query() query: Record<string, string | undefined>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { challenge } = await this.rpc.send(ProviderWebhookPatterns.handshake, {
      provider: provider(name),
      inbox_identifier: identifier,
      mode: String(query['hub.mode'] ?? ''),
      verify_token: String(query['hub.verify_token'] ?? ''),
      challenge: String(query['hub.challenge'] ?? ''),
    });
    await reply.status(200).type('text/plain').send(challenge);
  }
}
