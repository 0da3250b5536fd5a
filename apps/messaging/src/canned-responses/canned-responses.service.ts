import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CannedResponseErrors,
  type CannedResponse,
  type CreateCannedResponseInput,
  type UpdateCannedResponseInput,
} from '@parley/contracts';
import { DomainError, isUniqueViolation, selectOneOrFail, toUnixSeconds } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { CANNED_RESPONSE_COLUMNS, type CannedResponseRow } from './persistence/canned-response.row';

function toCannedResponse(row: CannedResponseRow): CannedResponse {
  return {
    id: row.id,
    account_id: row.account_id,
    short_code: row.short_code,
    content: row.content,
    created_at: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
  };
}

@Injectable()
export class CannedResponsesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Short codes that start with the search come first, then other matches of code or content. */
  async list(accountId: number, search?: string): Promise<CannedResponse[]> {
    const term = search?.trim();
    let rows: CannedResponseRow[];
    if (term) {
      const escaped = term.replace(/[\\%_]/g, (char) => `\\${char}`);
      rows = await this.dataSource.query(
        `SELECT ${CANNED_RESPONSE_COLUMNS} FROM messaging.canned_responses
          WHERE account_id = $1 AND (short_code ILIKE $2 OR content ILIKE $2)
          ORDER BY (short_code ILIKE $3) DESC, short_code ASC`,
        [accountId, `%${escaped}%`, `${escaped}%`],
      );
    } else {
      rows = await this.dataSource.query(
        `SELECT ${CANNED_RESPONSE_COLUMNS} FROM messaging.canned_responses WHERE account_id = $1 ORDER BY short_code ASC`,
        [accountId],
      );
    }
    return rows.map(toCannedResponse);
  }

  async create(accountId: number, input: CreateCannedResponseInput): Promise<CannedResponse> {
    const { shortCode, content } = this.validate(input, true);
    return this.unique(async () => {
      const [row] = (await this.dataSource.query(
        `INSERT INTO messaging.canned_responses (account_id, short_code, content) VALUES ($1, $2, $3)
          RETURNING ${CANNED_RESPONSE_COLUMNS}`,
        [accountId, shortCode, content],
      )) as CannedResponseRow[];
      return toCannedResponse(row);
    });
  }

  async update(accountId: number, id: number, input: UpdateCannedResponseInput): Promise<CannedResponse> {
    await this.find(accountId, id);
    const { shortCode, content } = this.validate(input, false);
    return this.unique(async () => {
      // updated_at moves only when a value changes.
      const [rows] = (await this.dataSource.query(
        `UPDATE messaging.canned_responses
            SET short_code = COALESCE($3, short_code), content = COALESCE($4, content),
                updated_at = CASE WHEN (COALESCE($3, short_code), COALESCE($4, content)) IS DISTINCT FROM (short_code, content)
                                  THEN now() ELSE updated_at END
          WHERE account_id = $1 AND id = $2
          RETURNING ${CANNED_RESPONSE_COLUMNS}`,
        [accountId, id, shortCode ?? null, content ?? null],
      )) as [CannedResponseRow[], number];
      const found = rows[0];
      if (!found) throw new DomainError(CannedResponseErrors.notFound, 'Canned response not found');
      return toCannedResponse(found);
    });
  }

  async delete(accountId: number, id: number): Promise<null> {
    await this.find(accountId, id);
    await this.dataSource.query('DELETE FROM messaging.canned_responses WHERE account_id = $1 AND id = $2', [
      accountId,
      id,
    ]);
    return null;
  }

  private find(accountId: number, id: number): Promise<CannedResponseRow> {
    return selectOneOrFail<CannedResponseRow>(
      this.dataSource,
      `SELECT ${CANNED_RESPONSE_COLUMNS} FROM messaging.canned_responses WHERE account_id = $1 AND id = $2`,
      [accountId, id],
      'Canned response',
      CannedResponseErrors.notFound,
    );
  }

  /** The trimmed short code and the content the input sets (all of them on create). */
  private validate(
    input: UpdateCannedResponseInput,
    creating: boolean,
  ): { shortCode: string | undefined; content: string | undefined } {
    let shortCode: string | undefined;
    let content: string | undefined;
    if (creating || input.short_code !== undefined) {
      const code = input.short_code?.trim() ?? '';
      if (!code)
        throw new DomainError(CannedResponseErrors.shortCodeBlank, "Short code can't be blank", ['short_code']);
      if (/\s/.test(code))
        throw new DomainError(CannedResponseErrors.shortCodeHasSpaces, 'Short code cannot contain spaces', [
          'short_code',
        ]);
      shortCode = code;
    }
    if (creating || input.content !== undefined) {
      if (!input.content?.trim())
        throw new DomainError(CannedResponseErrors.contentBlank, "Content can't be blank", ['content']);
      content = input.content;
    }
    return { shortCode, content };
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(CannedResponseErrors.shortCodeTaken, 'Short code has already been taken', ['short_code']);
      throw error;
    }
  }
}
