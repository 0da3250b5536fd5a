import { BadRequestException, Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { STAGE_ID_PATTERN } from './funnel.dto';

/** Stage ids in paths are strings of 1-64 letters, digits, `_`, `-` or `.`; anything else is a 400. */
@Injectable()
export class StageIdPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    if (!STAGE_ID_PATTERN.test(value))
      throw new BadRequestException(`${metadata.data ?? 'id'}: must be a stage id (letters, digits, '_', '-', '.')`);
    return value;
  }
}
