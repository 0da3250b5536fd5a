import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CannedResponseErrors,
  type CannedResponse,
  type CreateCannedResponseInput,
  type UpdateCannedResponseInput,
} from '@parley/contracts';
import { DomainError, findOneOrFail, isUniqueViolation, toUnixSeconds } from '@parley/service-kit';
import { Repository } from 'typeorm';
import { CannedResponseEntity } from './persistence/canned-response.orm-entity';

function toCannedResponse(entity: CannedResponseEntity): CannedResponse {
  return {
    id: entity.id,
    account_id: entity.accountId,
    short_code: entity.shortCode,
    content: entity.content,
    created_at: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
}

@Injectable()
export class CannedResponsesService {
  constructor(@InjectRepository(CannedResponseEntity) private readonly responses: Repository<CannedResponseEntity>) {}

  /** Short codes that start with the search come first, then other matches of code or content. */
  async list(accountId: number, search?: string): Promise<CannedResponse[]> {
    const query = this.responses.createQueryBuilder('r').where('r.account_id = :accountId', { accountId });
    const term = search?.trim();
    if (term) {
      const escaped = term.replace(/[\\%_]/g, (char) => `\\${char}`);
      query
        .andWhere('(r.short_code ILIKE :contains OR r.content ILIKE :contains)', { contains: `%${escaped}%` })
        .addSelect('(r.short_code ILIKE :prefix)', 'prefix_match')
        .setParameter('prefix', `${escaped}%`)
        .orderBy('prefix_match', 'DESC');
    }
    const rows = await query.addOrderBy('r.short_code', 'ASC').getMany();
    return rows.map(toCannedResponse);
  }

  async create(accountId: number, input: CreateCannedResponseInput): Promise<CannedResponse> {
    const entity = this.responses.create({ accountId });
    this.apply(entity, input, true);
    return this.save(entity);
  }

  async update(accountId: number, id: number, input: UpdateCannedResponseInput): Promise<CannedResponse> {
    const entity = await findOneOrFail(
      this.responses,
      { accountId, id },
      'Canned response',
      CannedResponseErrors.notFound,
    );
    this.apply(entity, input, false);
    return this.save(entity);
  }

  async delete(accountId: number, id: number): Promise<null> {
    const entity = await findOneOrFail(
      this.responses,
      { accountId, id },
      'Canned response',
      CannedResponseErrors.notFound,
    );
    await this.responses.delete({ id: entity.id });
    return null;
  }

  private apply(entity: CannedResponseEntity, input: UpdateCannedResponseInput, creating: boolean): void {
    if (creating || input.short_code !== undefined) {
      const code = input.short_code?.trim() ?? '';
      if (!code)
        throw new DomainError(CannedResponseErrors.shortCodeBlank, "Short code can't be blank", ['short_code']);
      if (/\s/.test(code))
        throw new DomainError(CannedResponseErrors.shortCodeHasSpaces, 'Short code cannot contain spaces', [
          'short_code',
        ]);
      entity.shortCode = code;
    }
    if (creating || input.content !== undefined) {
      if (!input.content?.trim())
        throw new DomainError(CannedResponseErrors.contentBlank, "Content can't be blank", ['content']);
      entity.content = input.content;
    }
  }

  private async save(entity: CannedResponseEntity): Promise<CannedResponse> {
    try {
      return toCannedResponse(await this.responses.save(entity));
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(CannedResponseErrors.shortCodeTaken, 'Short code has already been taken', ['short_code']);
      throw error;
    }
  }
}
