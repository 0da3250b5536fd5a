import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { LabelPatterns, type AccountScoped, type Label } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CreateLabelDto, UpdateLabelDto } from './label.dto';
import { LabelListView, LabelView } from './label.responses';

@ApiTags('labels')
@Controller('api/v1/accounts/:account_id/labels')
export class LabelsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: LabelListView })
  async list(@Scope() scope: AccountScoped): Promise<{ payload: Label[] }> {
    return { payload: await this.rpc.send(LabelPatterns.list, scope) };
  }

  @Get(':id')
  @ApiOkResponse({ type: LabelView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<Label> {
    return this.rpc.send(LabelPatterns.show, { ...scope, id });
  }

  @Post()
  @AdminOnly()
  @ApiCreatedResponse({ type: LabelView })
  create(@Scope() scope: AccountScoped, @Body() body: CreateLabelDto): Promise<Label> {
    return this.rpc.send(LabelPatterns.create, { ...scope, data: body });
  }

  @Patch(':id')
  @AdminOnly()
  @ApiOkResponse({ type: LabelView })
  update(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number, @Body() body: UpdateLabelDto): Promise<Label> {
    return this.rpc.send(LabelPatterns.update, { ...scope, id, data: body });
  }

  /** PUT is accepted as PATCH: clients of this API send both. */
  @Put(':id')
  @AdminOnly()
  @ApiOkResponse({ type: LabelView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateLabelDto,
  ): Promise<Label> {
    return this.update(scope, id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(LabelPatterns.delete, { ...scope, id });
  }
}
