import { Controller, Get, NotFoundException, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CsatSurveyPatterns } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Public } from '../auth/access.decorators';
import { PublicFormRateLimitGuard } from '../rate-limit/rate-limit.guard';
import { surveyPage, surveyPagePolicy } from './survey-page.rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page a survey message links to (`csat_survey_url`): no login, the survey's token is the
 * authorisation; limited per client IP like the form it posts to.
 */
@ApiTags('reports')
@Public()
@UseGuards(PublicFormRateLimitGuard)
@Controller('survey/responses')
export class SurveyPageController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':token')
  @ApiProduces('text/html')
  @ApiOkResponse({
    description: 'An HTML form where the customer picks a rating (1 … 5) and leaves a comment',
    schema: { type: 'string' },
  })
  async page(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    const missing = () => new NotFoundException('Survey not found');
    if (!UUID.test(token)) throw missing();
    if (!(await this.rpc.send(CsatSurveyPatterns.find, { token }))) throw missing();
    const nonce = randomBytes(16).toString('base64');
    await reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', surveyPagePolicy(nonce))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(surveyPage(token.toLowerCase(), nonce));
  }
}
