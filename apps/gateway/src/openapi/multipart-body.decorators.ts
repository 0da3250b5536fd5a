import { applyDecorators, SetMetadata, type Type } from '@nestjs/common';
import { ApiExtraModels } from '@nestjs/swagger';

export const MULTIPART_BODY = Symbol('MULTIPART_BODY');

/**
 * The `multipart/form-data` body of a route that also takes JSON: a form class of its own (the
 * files and the text fields), where the generator would repeat the JSON body's schema.
 */
export const ApiMultipartBody = (form: Type) =>
  applyDecorators(ApiExtraModels(form), SetMetadata(MULTIPART_BODY, form));
