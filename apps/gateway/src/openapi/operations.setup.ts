import type { INestApplication, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import {
  getSchemaPath,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ResponseObject,
} from '@nestjs/swagger';
import { ACCESS, type AccessRule } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { UNMETERED } from '../rate-limit/expensive.decorators';
import { MULTIPART_BODY } from './multipart-body.decorators';
import { TAG_DESCRIPTIONS } from './tag-descriptions.constants';

export const ACCOUNT_TOKEN = 'api_access_token';
export const PLATFORM_TOKEN = 'platform_api_token';

/** A public id in a path: a positive 32-bit integer (IdPipe and the guard's `account_id` refuse anything else). */
const ID_SCHEMA = { type: 'integer', format: 'int32', minimum: 1, maximum: 2_147_483_647 } as const;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const ERROR = { $ref: '#/components/schemas/ErrorView' };
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
};

/** The error answers, each once under components.responses; operations refer to those that apply to them. */
export const ERROR_RESPONSES = {
  BadRequest: ['400', 'The request is malformed: a parameter or a body field is missing, mistyped or out of range'],
  Unauthorized: ['401', 'No access token, or one that is not valid'],
  Forbidden: ['403', "The token's user is not a member of the account, or its role does not allow this"],
  NotFound: [
    '404',
    "A resource the request names by id (in its path or body) does not exist, or is not the caller's to see",
  ],
  UnprocessableEntity: ['422', 'A business rule refuses the request'],
  TooManyRequests: ['429', 'A rate limit is exceeded'],
  ServiceUnavailable: ['503', 'A service the request needs is unreachable; try again'],
} as const;

type ErrorName = keyof typeof ERROR_RESPONSES;

export function errorResponseComponents(): Record<string, ResponseObject> {
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([name, [status, description]]) => [
      name,
      {
        description,
        ...(status === '429' || status === '503' ? { headers: RETRY_AFTER } : {}),
        content: { 'application/json': { schema: ERROR } },
      },
    ]),
  );
}

interface Handler {
  controller: Type;
  method: string;
}

/** Controller classes of the application by name, as operation ids name them (`TeamsController_list`). */
function controllersOf(app: INestApplication): Map<string, Type> {
  const controllers = new Map<string, Type>();
  for (const module of app.get(ModulesContainer).values())
    for (const wrapper of module.controllers.values())
      if (wrapper.metatype) controllers.set(wrapper.metatype.name, wrapper.metatype as Type);
  return controllers;
}

function handlerOf(operationId: string | undefined, controllers: Map<string, Type>): Handler {
  // A method serving several paths has one operation per path: `FunnelsController_list[1]`.
  const [name, method] = (operationId ?? '').replace(/\[\d+\]$/, '').split('_');
  const controller = controllers.get(name);
  if (!controller || typeof controller.prototype[method] !== 'function')
    throw new Error(`OpenAPI operation ${operationId} names no controller method`);
  return { controller, method };
}

function metadataOf<T>(key: symbol, { controller, method }: Handler): T | undefined {
  return Reflect.getMetadata(key, controller.prototype[method]) ?? Reflect.getMetadata(key, controller);
}

/** Path parameters a handler reads through IdPipe: ids, whatever TypeScript says of them. */
function idParametersOf({ controller, method }: Handler): Set<string> {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    { data?: unknown; pipes?: unknown[] }
  >;
  return new Set(
    Object.entries(args)
      .filter(([key, arg]) => key.startsWith(`${RouteParamtypes.PARAM}:`) && arg.pipes?.includes(IdPipe))
      .map(([, arg]) => String(arg.data)),
  );
}

/** `TeamsController_addMembers` → `Teams: add members`. */
function summaryOf({ controller, method }: Handler): string {
  const words = (text: string) => text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const area = words(controller.name.replace(/Controller$/, ''));
  return `${area.charAt(0).toUpperCase()}${area.slice(1)}: ${words(method)}`;
}

/** Each path parameter declared, ids as integers (the guard reads `account_id`, IdPipe the others). */
function declarePathParameters(path: string, operation: OperationObject, ids: Set<string>): void {
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    let parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    if (!parameter) {
      if (name !== 'account_id') throw new Error(`${path}: the path parameter ${name} is not documented`);
      parameter = { name, in: 'path', required: true, description: 'The account' };
      parameters.unshift(parameter);
    }
    if (name === 'account_id' || ids.has(name)) parameter.schema = { ...ID_SCHEMA };
  }
  operation.parameters = parameters;
}

function describeMultipartBody(operation: OperationObject, form: Type | undefined): void {
  if (!form) return;
  const media =
    operation.requestBody && 'content' in operation.requestBody
      ? operation.requestBody.content['multipart/form-data']
      : undefined;
  if (!media) throw new Error(`${operation.operationId}: @ApiMultipartBody on a route that takes no multipart body`);
  media.schema = { $ref: getSchemaPath(form) };
}

/** Names of the fields a request body's schema declares (one level, through its `$ref`). */
function bodyFieldsOf(operation: OperationObject, document: OpenAPIObject): string[] {
  const body = operation.requestBody && 'content' in operation.requestBody ? operation.requestBody : undefined;
  return Object.values(body?.content ?? {}).flatMap((media) => {
    const ref = media.schema && '$ref' in media.schema ? media.schema.$ref : undefined;
    const schema = ref ? document.components?.schemas?.[ref.split('/').pop()!] : media.schema;
    return Object.keys((schema && 'properties' in schema && schema.properties) || {});
  });
}

/**
 * The error answers an operation can give, from what it takes and who may call it: 400 for
 * input, 401/403 for a token and an account, 404 for a resource named by id (in the path or the
 * body), 422 for the rules of a write, 429/503 wherever it is metered.
 */
function errorsOf(
  path: string,
  method: string,
  operation: OperationObject,
  access: AccessRule,
  metered: boolean,
  document: OpenAPIObject,
): ErrorName[] {
  const errors: ErrorName[] = [];
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  const takesInput = parameters.length > 0 || operation.requestBody !== undefined;
  // Query ids filter a list (an unknown one matches nothing); body ids name what a write uses.
  const namesById = bodyFieldsOf(operation, document).some((name) => /(^|_)ids?$/.test(name));
  if (takesInput) errors.push('BadRequest');
  if (access.kind !== 'public') errors.push('Unauthorized');
  if (access.kind === 'user' && path.includes('{account_id}')) errors.push('Forbidden');
  if (namesById || /\{(?!account_id\})\w+\}/.test(path)) errors.push('NotFound');
  if (method !== 'get' && takesInput) errors.push('UnprocessableEntity');
  if (metered) errors.push('TooManyRequests', 'ServiceUnavailable');
  return errors;
}

/**
 * Completes each operation from what its route declares for the guards: who may call it (the
 * security requirement), the error answers it can give, its path parameters typed, and a
 * summary named after its handler where it has none. What a controller documents itself wins.
 */
export function describeOperations(app: INestApplication, document: OpenAPIObject): void {
  const controllers = controllersOf(app);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, OperationObject | undefined>)[method];
      if (!operation) continue;
      const handler = handlerOf(operation.operationId, controllers);
      const access = metadataOf<AccessRule>(ACCESS, handler) ?? { kind: 'user', roles: [] };
      const metered = !metadataOf<boolean>(UNMETERED, handler);
      operation.security =
        access.kind === 'public' ? [] : [{ [access.kind === 'platform' ? PLATFORM_TOKEN : ACCOUNT_TOKEN]: [] }];
      if (access.kind === 'user' && access.roles.length)
        operation.description ??= `Requires the ${access.roles.join(' or ')} role in the account.`;
      operation.summary ??= summaryOf(handler);
      declarePathParameters(path, operation, idParametersOf(handler));
      describeMultipartBody(operation, metadataOf<Type>(MULTIPART_BODY, handler));
      for (const name of errorsOf(path, method, operation, access, metered, document)) {
        const [status] = ERROR_RESPONSES[name];
        operation.responses[status] ??= { $ref: `#/components/responses/${name}` };
      }
      for (const response of Object.values(operation.responses)) {
        if (!response || !('description' in response)) continue;
        if (!response.description) response.description = 'Success';
        // `@ApiProduces('application/json', 'text/csv')` gives every media type the JSON schema: CSV is text.
        for (const [mediaType, media] of Object.entries(response.content ?? {}))
          if (mediaType.startsWith('text/')) media.schema = { type: 'string' };
      }
    }
  }
  const tags = new Set(
    Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, OperationObject>).flatMap((operation) => operation.tags ?? []),
    ),
  );
  document.tags = [...tags].sort().map((name) => {
    const description = TAG_DESCRIPTIONS[name];
    if (!description) throw new Error(`OpenAPI tag "${name}" has no description in TAG_DESCRIPTIONS`);
    return { name, description };
  });
}
