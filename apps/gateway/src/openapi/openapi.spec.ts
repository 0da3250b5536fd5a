import 'reflect-metadata';
import { Body, Controller, Get, Param, Post, type INestApplication } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import {
  ApiConsumes,
  ApiOkResponse,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
  type OpenAPIObject,
} from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { IsObject, IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { AdminOnly, PlatformOnly, Public } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { IsId, IsNameOrCode, MayBeOmitted } from '../http/tolerant-input.decorators';
import { Unmetered } from '../rate-limit/expensive.decorators';
import { ApiMultipartBody } from './multipart-body.decorators';
import { openApiDocumentOf } from './openapi.setup';

class WidgetDto {
  @ApiProperty() @IsString() @MaxLength(40) name: string;
  // `string | null` reflects as Object: the validators say what it is.
  @ApiPropertyOptional() @MayBeOmitted() @ValidateIf((_, v) => v !== null) @IsUrl() @MaxLength(2048) link?:
    string | null;
  @ApiProperty() @IsId() owner_id: number;
  @ApiProperty({ type: [Number] }) @IsId({ each: true }) member_ids: number[];
  @ApiPropertyOptional() @MayBeOmitted() @IsObject() attributes?: Record<string, unknown>;
  @ApiPropertyOptional() @MayBeOmitted() @IsNameOrCode(['small', 'large']) size?: string | number;
  // What a decorator states itself wins over what the validators say.
  @ApiPropertyOptional({ type: String, maxLength: 7 }) @MayBeOmitted() @IsString() @MaxLength(9) color?: string;
}

class WidgetFormDto extends WidgetDto {
  @ApiPropertyOptional({ name: 'pictures[]', type: 'array', items: { type: 'string', format: 'binary' } })
  pictures?: unknown[];
}

class WidgetView {
  @ApiProperty() id: number;
  @ApiProperty() owner_id: number;
  @ApiProperty() members_count: number;
  @ApiProperty() weight: number;
}

@ApiTags('api')
@Controller('api/v1/accounts/:account_id/widgets')
class WidgetsController {
  @Get(':id')
  @ApiOkResponse({ type: WidgetView })
  show(@Param('id', IdPipe) id: number): WidgetView {
    return { id, owner_id: 1, members_count: 0, weight: 0.5 };
  }

  @Post()
  @AdminOnly()
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiMultipartBody(WidgetFormDto)
  @ApiOkResponse({ type: WidgetView })
  create(@Body() body: WidgetDto): WidgetView {
    return { id: 1, owner_id: body.owner_id, members_count: body.member_ids.length, weight: 0.5 };
  }
}

@ApiTags('platform')
@Controller('platform/api/v1/widgets')
@PlatformOnly()
class PlatformWidgetsController {
  @Get()
  @ApiOkResponse({ type: [WidgetView] })
  list(): WidgetView[] {
    return [];
  }
}

@ApiTags('health')
@Controller('probe')
@Public()
@Unmetered()
class ProbeController {
  @Get()
  @ApiOkResponse({ type: WidgetView })
  probe(): WidgetView {
    return { id: 1, owner_id: 1, members_count: 0, weight: 0.5 };
  }
}

describe('the OpenAPI document', () => {
  let app: INestApplication;
  let document: OpenAPIObject;
  const operation = (path: string, method: 'get' | 'post') =>
    (document.paths[path] as Record<string, Record<string, any>>)[method];

  beforeAll(async () => {
    const module = await Test.createTestingModule({
      controllers: [WidgetsController, PlatformWidgetsController, ProbeController],
    }).compile();
    app = module.createNestApplication(new FastifyAdapter());
    document = openApiDocumentOf(app, 'https://parley.example.com');
  });

  afterAll(() => app.close());

  it('names its server and both token schemes', () => {
    expect(document.servers).toEqual([{ url: 'https://parley.example.com' }]);
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'api_access_token',
      'platform_api_token',
    ]);
  });

  it('gives each operation the security its access rule names', () => {
    expect(operation('/api/v1/accounts/{account_id}/widgets/{id}', 'get').security).toEqual([{ api_access_token: [] }]);
    expect(operation('/platform/api/v1/widgets', 'get').security).toEqual([{ platform_api_token: [] }]);
    expect(operation('/probe', 'get').security).toEqual([]);
    expect(operation('/api/v1/accounts/{account_id}/widgets', 'post').description).toMatch(/administrator/);
  });

  it('declares every path parameter, ids as 32-bit positive integers', () => {
    const parameters = operation('/api/v1/accounts/{account_id}/widgets/{id}', 'get').parameters;
    const id = { type: 'integer', format: 'int32', minimum: 1, maximum: 2_147_483_647 };
    expect(parameters).toEqual([
      expect.objectContaining({ name: 'account_id', in: 'path', required: true, schema: id }),
      expect.objectContaining({ name: 'id', in: 'path', required: true, schema: id }),
    ]);
  });

  it('lists the error answers an operation can give, each with the {error} schema', () => {
    const codes = (path: string, method: 'get' | 'post') => Object.keys(operation(path, method).responses).sort();
    expect(codes('/api/v1/accounts/{account_id}/widgets/{id}', 'get')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '429',
      '503',
    ]);
    // Its body names an owner by id: that owner may not exist.
    expect(codes('/api/v1/accounts/{account_id}/widgets', 'post')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '422',
      '429',
      '503',
    ]);
    expect(codes('/platform/api/v1/widgets', 'get')).toEqual(['200', '401', '429', '503']);
    expect(codes('/probe', 'get')).toEqual(['200']);
    expect(document.components?.responses?.UnprocessableEntity).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorView' } } },
    });
    expect(document.components?.schemas?.ErrorView).toMatchObject({
      required: ['error'],
      properties: { error: { type: 'string' }, attributes: { type: 'array', items: { type: 'string' } } },
    });
  });

  it('gives every operation a summary and every tag a description', () => {
    expect(operation('/api/v1/accounts/{account_id}/widgets', 'post').summary).toBe('Widgets: create');
    expect(document.tags?.map((tag) => tag.name)).toEqual(['api', 'health', 'platform']);
    expect(document.tags?.every((tag) => tag.description)).toBe(true);
  });

  it('types each body field as its validators accept it, keeping what a decorator states', () => {
    expect(document.components?.schemas?.WidgetDto).toMatchObject({
      required: ['name', 'owner_id', 'member_ids'],
      properties: {
        name: { type: 'string', maxLength: 40 },
        link: { type: 'string', format: 'uri', maxLength: 2048, nullable: true },
        owner_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
        member_ids: { type: 'array', items: { type: 'integer' } },
        attributes: { type: 'object', additionalProperties: true },
        size: { type: 'string', enum: ['small', 'large'] },
        color: { type: 'string', maxLength: 7 },
      },
    });
  });

  it('types ids, counts and page numbers of answers as integers', () => {
    expect(document.components?.schemas?.WidgetView).toMatchObject({
      properties: {
        id: { type: 'integer' },
        owner_id: { type: 'integer' },
        members_count: { type: 'integer' },
        weight: { type: 'number' },
      },
    });
  });

  it('gives a multipart body its own form, files included, beside the JSON body', () => {
    expect(operation('/api/v1/accounts/{account_id}/widgets', 'post').requestBody.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/WidgetDto' } },
      'multipart/form-data': { schema: { $ref: '#/components/schemas/WidgetFormDto' } },
    });
    expect(document.components?.schemas?.WidgetFormDto).toMatchObject({
      properties: { 'pictures[]': { type: 'array', items: { type: 'string', format: 'binary' } } },
    });
  });
});
