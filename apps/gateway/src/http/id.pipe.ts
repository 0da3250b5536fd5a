import { BadRequestException, Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';

const MAX_ID = 2_147_483_647;

/** Path ids are positive integers; anything else is a 400 naming the parameter. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
      throw new BadRequestException(`${metadata.data ?? 'id'}: must be a positive integer`);
    }
    return id;
  }
}
