import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CsatPatterns, type AccountScoped, type CsatSurveyResponse } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import type { FastifyReply } from 'fastify';
import { AdminOnly, Public, Scope } from '../auth/access.decorators';
import { PublicFormRateLimitGuard } from '../rate-limit/rate-limit.guard';
import { Expensive } from '../rate-limit/expensive.decorators';
import { KnownQuery } from '../reports/known-query.guard';
import { WINDOW_KEYS } from '../reports/report.dto';
import { CsatRatingDto, CsatReportQueryDto } from './csat.dto';
import { CsatReportView, CsatSurveyResponseView } from './csat.responses';

/** `GET {v2}/csat_reports`: the CSAT report, administrators only. */
@ApiTags('reports')
@Controller('api/v2/accounts/:account_id/csat_reports')
@AdminOnly()
export class CsatReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Expensive('reports')
  @KnownQuery([...WINDOW_KEYS, 'agent_id', 'inbox_id', 'rating', 'page'])
  @ApiOkResponse({ type: CsatReportView })
  async report(
    @Scope() scope: AccountScoped,
    @Query() query: CsatReportQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CsatReportView> {
    const answer = await this.rpc.send(CsatPatterns.report, { ...scope, query });
    reply.header('x-report-rebuilding', String(answer.rebuilding));
    return answer.report;
  }
}

/**
 * The address a survey posts the contact's rating to: no token, the survey's unguessable uuid
 * is the authorisation; limited per client IP.
 */
@ApiTags('reports')
@Public()
@UseGuards(PublicFormRateLimitGuard)
@Controller('public/api/v1/csat_survey')
export class CsatSurveyController {
  constructor(private readonly rpc: RpcClient) {}

  @Post(':uuid')
  @HttpCode(200)
  @ApiOkResponse({ type: CsatSurveyResponseView })
  rate(@Param('uuid') token: string, @Body() body: CsatRatingDto): Promise<CsatSurveyResponse> {
    return this.rpc.send(CsatPatterns.rate, { token, data: body });
  }
}
