import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MacroPatterns, type AccountScoped, type Macro, type MacroExecution } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CreateMacroDto, ExecuteMacroDto, UpdateMacroDto } from './macro.dto';
import { MacroExecutionView, MacroListView, MacroView } from './macro.responses';

/** Open to every member: who may see, change or run a macro (global / personal) is the automation service's 403. */
@ApiTags('macros')
@Controller('api/v1/accounts/:account_id/macros')
export class MacrosController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: MacroListView })
  async list(@Scope() scope: AccountScoped): Promise<{ payload: Macro[] }> {
    return { payload: await this.rpc.send(MacroPatterns.list, scope) };
  }

  @Post()
  @ApiCreatedResponse({ type: MacroView })
  create(@Scope() scope: AccountScoped, @Body() body: CreateMacroDto): Promise<Macro> {
    return this.rpc.send(MacroPatterns.create, { ...scope, data: body });
  }

  @Get(':id')
  @ApiOkResponse({ type: MacroView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<Macro> {
    return this.rpc.send(MacroPatterns.show, { ...scope, id });
  }

  @Patch(':id')
  @ApiOkResponse({ type: MacroView })
  update(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number, @Body() body: UpdateMacroDto): Promise<Macro> {
    return this.rpc.send(MacroPatterns.update, { ...scope, id, data: body });
  }

  @Put(':id')
  @ApiOkResponse({ type: MacroView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateMacroDto,
  ): Promise<Macro> {
    return this.update(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(MacroPatterns.delete, { ...scope, id });
  }

  /** The actions, in order, on each conversation; one the caller cannot reach fails the request before anything is applied. */
  @Post(':id/execute')
  @HttpCode(200)
  @ApiOkResponse({ type: MacroExecutionView })
  execute(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ExecuteMacroDto,
  ): Promise<MacroExecution> {
    return this.rpc.send(MacroPatterns.execute, { ...scope, id, conversation_ids: body.conversation_ids });
  }
}
