import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  ATTRIBUTE_MODELS,
  CustomAttributePatterns,
  type AccountScoped,
  type CustomAttributeDefinition,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import {
  CreateCustomAttributeDefinitionDto,
  CustomAttributeQueryDto,
  UpdateCustomAttributeDefinitionDto,
} from './custom-attribute.dto';
import { CustomAttributeDefinitionView } from './custom-attribute.responses';

@ApiTags('custom attribute definitions')
@Controller('api/v1/accounts/:account_id/custom_attribute_definitions')
export class CustomAttributesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: [CustomAttributeDefinitionView] })
  list(@Scope() scope: AccountScoped, @Query() query: CustomAttributeQueryDto): Promise<CustomAttributeDefinition[]> {
    const model = query.attribute_model;
    return this.rpc.send(CustomAttributePatterns.list, {
      ...scope,
      attribute_model: typeof model === 'number' ? ATTRIBUTE_MODELS[model] : model,
    });
  }

  @Get(':id')
  @ApiOkResponse({ type: CustomAttributeDefinitionView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<CustomAttributeDefinition> {
    return this.rpc.send(CustomAttributePatterns.show, { ...scope, id });
  }

  @Post()
  @AdminOnly()
  @ApiCreatedResponse({ type: CustomAttributeDefinitionView })
  create(
    @Scope() scope: AccountScoped,
    @Body() body: CreateCustomAttributeDefinitionDto,
  ): Promise<CustomAttributeDefinition> {
    return this.rpc.send(CustomAttributePatterns.create, { ...scope, data: body });
  }

  @Patch(':id')
  @AdminOnly()
  @ApiOkResponse({ type: CustomAttributeDefinitionView })
  update(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateCustomAttributeDefinitionDto,
  ): Promise<CustomAttributeDefinition> {
    return this.rpc.send(CustomAttributePatterns.update, { ...scope, id, data: body });
  }

  @Put(':id')
  @AdminOnly()
  @ApiOkResponse({ type: CustomAttributeDefinitionView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateCustomAttributeDefinitionDto,
  ): Promise<CustomAttributeDefinition> {
    return this.update(scope, id, body);
  }

  /** Also erases the stored values of the key from conversations and contacts. */
  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(CustomAttributePatterns.delete, { ...scope, id });
  }
}
