import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CannedResponsePatterns, type AccountScoped, type CannedResponse } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CannedResponseQueryDto, CreateCannedResponseDto, UpdateCannedResponseDto } from './canned-response.dto';
import { CannedResponseView } from './canned-response.responses';

@ApiTags('canned responses')
@Controller('api/v1/accounts/:account_id/canned_responses')
export class CannedResponsesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: [CannedResponseView] })
  list(@Scope() scope: AccountScoped, @Query() query: CannedResponseQueryDto): Promise<CannedResponse[]> {
    return this.rpc.send(CannedResponsePatterns.list, { ...scope, search: query.search });
  }

  @Post()
  @AdminOnly()
  @ApiCreatedResponse({ type: CannedResponseView })
  create(@Scope() scope: AccountScoped, @Body() body: CreateCannedResponseDto): Promise<CannedResponse> {
    return this.rpc.send(CannedResponsePatterns.create, { ...scope, data: body });
  }

  @Patch(':id')
  @AdminOnly()
  @ApiOkResponse({ type: CannedResponseView })
  update(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateCannedResponseDto,
  ): Promise<CannedResponse> {
    return this.rpc.send(CannedResponsePatterns.update, { ...scope, id, data: body });
  }

  @Put(':id')
  @AdminOnly()
  @ApiOkResponse({ type: CannedResponseView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateCannedResponseDto,
  ): Promise<CannedResponse> {
    return this.update(scope, id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(CannedResponsePatterns.delete, { ...scope, id });
  }
}
