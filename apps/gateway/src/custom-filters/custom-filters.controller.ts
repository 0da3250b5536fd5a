import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CustomFilterPatterns as P, type AccountScoped, type CustomFilter } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CreateCustomFilterDto, CustomFilterListQueryDto, UpdateCustomFilterDto } from './custom-filter.dto';
import { CustomFilterView } from './custom-filter.responses';

/** Saved filters: every member keeps their own; nobody, administrators included, sees another's. */
@ApiTags('custom filters')
@Controller('api/v1/accounts/:account_id/custom_filters')
export class CustomFiltersController {
  constructor(private readonly rpc: RpcClient) {}

  /** One kind at a time, `conversation` when not named (as the reference lists them). */
  @Get()
  @ApiOkResponse({ type: [CustomFilterView] })
  list(@Scope() scope: AccountScoped, @Query() query: CustomFilterListQueryDto): Promise<CustomFilter[]> {
    return this.rpc.send(P.list, { ...scope, filter_type: query.filter_type ?? 'conversation' });
  }

  @Get(':id')
  @ApiOkResponse({ type: CustomFilterView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<CustomFilter> {
    return this.rpc.send(P.show, { ...scope, id });
  }

  @Post()
  @ApiCreatedResponse({ type: CustomFilterView })
  create(@Scope() scope: AccountScoped, @Body() body: CreateCustomFilterDto): Promise<CustomFilter> {
    return this.rpc.send(P.create, { ...scope, data: body });
  }

  @Patch(':id')
  @ApiOkResponse({ type: CustomFilterView })
  update(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateCustomFilterDto,
  ): Promise<CustomFilter> {
    return this.rpc.send(P.update, { ...scope, id, data: body });
  }

  @Put(':id')
  @ApiOkResponse({ type: CustomFilterView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateCustomFilterDto,
  ): Promise<CustomFilter> {
    return this.update(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(P.delete, { ...scope, id });
  }
}
