import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ContactPatterns,
  CustomFilterErrors,
  MAX_CUSTOM_FILTERS_PER_USER,
  UserErrors,
  type AccountScoped,
  type CreateCustomFilterInput,
  type CustomFilter,
  type CustomFilterType,
  type FilterCondition,
  type UpdateCustomFilterInput,
} from '@parley/contracts';
import { DomainError, RpcClient, selectOneOrFail } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { ConversationsQuery } from '../conversations/conversations.query';
import { IdentityWriter } from '../identity/identity.writer';
import { toCustomFilter } from './custom-filter.mapper';
import { CUSTOM_FILTER_COLUMNS, type CustomFilterRow } from './persistence/custom-filter.row';

/**
 * Filters a user saves for themselves in one account: every statement names the caller, so an
 * administrator reaches no more of them than an agent. They go with the membership (foreign key).
 */
@Injectable()
export class CustomFiltersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly conversations: ConversationsQuery,
    private readonly identity: IdentityWriter,
    private readonly rpc: RpcClient,
  ) {}

  async list(scope: AccountScoped, filterType: CustomFilterType): Promise<CustomFilter[]> {
    const rows: CustomFilterRow[] = await this.dataSource.query(
      `SELECT ${CUSTOM_FILTER_COLUMNS} FROM messaging.custom_filters
        WHERE account_id = $1 AND user_id = $2 AND filter_type = $3 ORDER BY id`,
      [scope.account_id, scope.caller.user_id, filterType],
    );
    return rows.map(toCustomFilter);
  }

  async show(scope: AccountScoped, id: number): Promise<CustomFilter> {
    return toCustomFilter(await this.find(scope, id));
  }

  async create(scope: AccountScoped, input: CreateCustomFilterInput): Promise<CustomFilter> {
    const name = nameOf(input.name);
    await this.checkQuery(scope.account_id, input.filter_type, input.query.payload);
    return this.dataSource.transaction(async (tx) => {
      // The membership's lock makes the count and the insert one step for this user.
      if (!(await this.identity.lockMembership(tx, scope.account_id, scope.caller.user_id)))
        throw new DomainError(UserErrors.notAccountMember, 'You are not a member of that account');
      const [{ count }]: Array<{ count: number }> = await tx.query(
        'SELECT count(*)::int AS count FROM messaging.custom_filters WHERE account_id = $1 AND user_id = $2',
        [scope.account_id, scope.caller.user_id],
      );
      if (count >= MAX_CUSTOM_FILTERS_PER_USER)
        throw new DomainError(
          CustomFilterErrors.limitReached,
          `You may keep at most ${MAX_CUSTOM_FILTERS_PER_USER} custom filters in this account`,
        );
      const [row]: CustomFilterRow[] = await tx.query(
        `INSERT INTO messaging.custom_filters (account_id, user_id, name, filter_type, query)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${CUSTOM_FILTER_COLUMNS}`,
        [scope.account_id, scope.caller.user_id, name, input.filter_type, { payload: input.query.payload }],
      );
      return toCustomFilter(row);
    });
  }

  async update(scope: AccountScoped, id: number, input: UpdateCustomFilterInput): Promise<CustomFilter> {
    const current = await this.find(scope, id);
    const next = {
      name: input.name !== undefined ? nameOf(input.name) : current.name,
      filter_type: input.filter_type ?? current.filter_type,
      query: input.query !== undefined ? { payload: input.query.payload } : current.query,
    };
    // A query saved for one kind of filter may not fit another: the pair is checked again.
    if (input.query !== undefined || next.filter_type !== current.filter_type)
      await this.checkQuery(scope.account_id, next.filter_type, next.query.payload);
    // TypeORM answers an UPDATE … RETURNING as [rows, count].
    const [[row]] = (await this.dataSource.query(
      `UPDATE messaging.custom_filters SET name = $4, filter_type = $5, query = $6,
              updated_at = CASE WHEN (name, filter_type, query) IS DISTINCT FROM ($4, $5, $6::jsonb) THEN now() ELSE updated_at END
        WHERE account_id = $1 AND user_id = $2 AND id = $3 RETURNING ${CUSTOM_FILTER_COLUMNS}`,
      [scope.account_id, scope.caller.user_id, id, next.name, next.filter_type, next.query],
    )) as [CustomFilterRow[], number];
    if (!row) throw notFound();
    return toCustomFilter(row);
  }

  async delete(scope: AccountScoped, id: number): Promise<null> {
    const [, removed] = (await this.dataSource.query(
      'DELETE FROM messaging.custom_filters WHERE account_id = $1 AND user_id = $2 AND id = $3',
      [scope.account_id, scope.caller.user_id, id],
    )) as [unknown[], number];
    if (removed === 0) throw notFound();
    return null;
  }

  /** The query is checked by the filter it is for: conversations (and reports, which count conversations) here, contacts by their owner. */
  private async checkQuery(accountId: number, type: CustomFilterType, payload: FilterCondition[]): Promise<void> {
    if (type === 'contact') await this.rpc.send(ContactPatterns.checkFilter, { account_id: accountId, payload });
    else await this.conversations.checkFilter(accountId, payload);
  }

  private find(scope: AccountScoped, id: number): Promise<CustomFilterRow> {
    return selectOneOrFail<CustomFilterRow>(
      this.dataSource,
      `SELECT ${CUSTOM_FILTER_COLUMNS} FROM messaging.custom_filters WHERE account_id = $1 AND user_id = $2 AND id = $3`,
      [scope.account_id, scope.caller.user_id, id],
      'Custom filter',
      CustomFilterErrors.notFound,
    );
  }
}

function nameOf(value: string | undefined): string {
  const name = value?.trim();
  if (!name) throw new DomainError(CustomFilterErrors.nameBlank, "Name can't be blank", ['name']);
  return name;
}

function notFound(): DomainError {
  return new DomainError(CustomFilterErrors.notFound, 'Custom filter not found');
}
