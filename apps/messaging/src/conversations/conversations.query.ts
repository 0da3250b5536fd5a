import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CONVERSATION_STATUSES,
  CONVERSATIONS_PAGE_SIZE,
  PRIORITIES,
  type AccountScoped,
  type ConversationCounts,
  type ConversationListQuery,
  type ConversationPage,
  type FilterCondition,
} from '@parley/contracts';
import { customAttributeField, FilterCompiler, preparedQuery, type FilterField } from '@parley/service-kit';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CustomAttributesLoader } from '../custom-attributes/custom-attributes.loader';
import { inboxesServedBy } from '../inboxes/inboxes.loader';
import { ConversationLoader } from './conversation.loader';
import { maintainedCountsSql } from './persistence/conversation-count.row';
import { conversationListSql, type ConversationListRow } from './persistence/conversation-list.row';
import { conversationCountsSql } from './persistence/conversation.row';

interface Where {
  clauses: string[];
  params: unknown[];
}

/** A counts statement over a Where's parameters; `me` is the caller's placeholder. */
type CountsSql = (me: string) => string;

const FIELDS: Record<string, FilterField> = {
  status: { sql: 'c.status', kind: 'enum', values: CONVERSATION_STATUSES },
  assignee_id: { sql: 'c.assignee_id', kind: 'number' },
  team_id: { sql: 'c.team_id', kind: 'number' },
  inbox_id: { sql: 'c.inbox_id', kind: 'number' },
  labels: { sql: 'c.labels', kind: 'labels' },
  priority: { sql: 'c.priority', kind: 'enum', values: PRIORITIES },
  created_at: { sql: 'c.created_at', kind: 'date' },
  last_activity_at: { sql: 'c.last_activity_at', kind: 'date' },
  browser_language: { sql: `(c.additional_attributes ->> 'browser_language')`, kind: 'text' },
  country_code: { sql: `(c.additional_attributes ->> 'country_code')`, kind: 'text' },
  referer: { sql: `(c.additional_attributes ->> 'referer')`, kind: 'text' },
  campaign_id: { sql: 'c.campaign_id', kind: 'number' },
};

/** Lists, counts and filters conversations with the caller's visibility: a page and its counts in one statement. */
@Injectable()
export class ConversationsQuery {
  /** Each shape's statement name (a few shapes, so the map stays small): hashed once, not per request. */
  private readonly statementNames = new Map<string, string>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly loader: ConversationLoader,
    private readonly attributes: CustomAttributesLoader,
  ) {}

  async list(scope: AccountScoped, query: ConversationListQuery): Promise<ConversationPage> {
    const where = this.listWhere(scope, query);
    return this.page(scope, where, this.countsSql(scope, query, where), query.assignee_type, query.page, true);
  }

  /** The list's counts alone (`…/conversations/meta`). */
  async counts(scope: AccountScoped, query: ConversationListQuery): Promise<ConversationCounts> {
    const where = this.listWhere(scope, query);
    const params = [...where.params, scope.caller.user_id];
    const [row] = await this.run<ConversationCounts>(
      this.countsSql(scope, query, where)(`$${params.length}`),
      params,
      true,
    );
    return row;
  }

  async filter(scope: AccountScoped, conditions: FilterCondition[], page?: number): Promise<ConversationPage> {
    const where = this.bucketWhere(scope, { status: 'all' }, 'c');
    where.clauses.push((await this.compiler(scope.account_id)).compile(conditions, where.params));
    return this.page(scope, where, countedOver(where), undefined, page, false);
  }

  /** Refuses a payload `filter` would refuse (FILTER.INVALID naming the fault), without running it: saved filters are checked so. */
  async checkFilter(accountId: number, conditions: FilterCondition[]): Promise<void> {
    (await this.compiler(accountId)).compile(conditions, []);
  }

  private async compiler(accountId: number): Promise<FilterCompiler> {
    const definitions = await this.attributes.conversationTypes(accountId);
    return new FilterCompiler({
      fields: FIELDS,
      resolve: (key) =>
        customAttributeField(key, 'c.custom_attributes', 'messaging', (attribute) => definitions.get(attribute)),
    });
  }

  private listWhere(scope: AccountScoped, query: ConversationListQuery): Where {
    const where = this.bucketWhere(scope, query, 'c');
    const bind = (value: unknown) => {
      where.params.push(value);
      return `$${where.params.length}`;
    };
    if (query.labels?.length) where.clauses.push(`c.labels @> ${bind(query.labels)}::text[]`);
    const q = query.q?.trim();
    if (q) {
      const pattern = bind(`%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      const number = /^\d{1,9}$/.test(q) ? ` OR c.display_id = ${bind(Number(q))}` : '';
      where.clauses.push(`(
        EXISTS (SELECT 1 FROM messaging.contacts_view cv WHERE cv.id = c.contact_id AND (cv.name ILIKE ${pattern} OR cv.email ILIKE ${pattern} OR cv.phone_number ILIKE ${pattern}))
        OR EXISTS (SELECT 1 FROM messaging.messages m WHERE m.conversation_id = c.id AND m.message_type <> 'activity' AND m.content ILIKE ${pattern})${number})`);
    }
    return where;
  }

  /**
   * The account, the caller's visibility (agents see the conversations of the inboxes they belong
   * to; administrators all) and the bucket filters, over `alias`: the conversations (`c`) or their
   * maintained counts (`k`), which have the same columns for these.
   */
  private bucketWhere(
    scope: AccountScoped,
    query: Pick<ConversationListQuery, 'status' | 'inbox_id' | 'team_id'>,
    alias: 'c' | 'k',
  ): Where {
    const where: Where = { clauses: [`${alias}.account_id = $1`], params: [scope.account_id] };
    const bind = (value: unknown) => {
      where.params.push(value);
      return `$${where.params.length}`;
    };
    if (scope.caller.role !== 'administrator')
      where.clauses.push(`${alias}.inbox_id IN (${inboxesServedBy(bind(scope.caller.user_id))})`);
    const status = query.status ?? 'open';
    if (status !== 'all') where.clauses.push(`${alias}.status = ${bind(status)}`);
    if (query.inbox_id) where.clauses.push(`${alias}.inbox_id = ${bind(query.inbox_id)}`);
    if (query.team_id) where.clauses.push(`${alias}.team_id = ${bind(query.team_id)}`);
    return where;
  }

  /**
   * The list's counts over `where` (its listWhere): maintained where it narrows by buckets only
   * (status, inbox, team), counted where labels or a search narrow it. The buckets' parameters
   * are listWhere's own, in the same order, so either statement runs on `where`'s parameters.
   * The counts ignore `assignee_type`, so switching tabs does not change them.
   */
  private countsSql(scope: AccountScoped, query: ConversationListQuery, where: Where): CountsSql {
    if (query.labels?.length || query.q?.trim()) return countedOver(where);
    const buckets = this.bucketWhere(scope, query, 'k').clauses.join(' AND ');
    return (me) => maintainedCountsSql(buckets, me);
  }

  /**
   * The list's statements take one of a few shapes (which filters are given, the caller's role),
   * so each shape is prepared once per connection; the filter endpoint's free-form conditions
   * are not (their shapes are unbounded).
   */
  private run<T extends object>(sql: string, params: unknown[], prepared: boolean): Promise<T[]> {
    if (!prepared) return this.dataSource.query(sql, params);
    let name = this.statementNames.get(sql);
    if (!name) {
      name = `messaging_list_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
      this.statementNames.set(sql, name);
    }
    return preparedQuery<T>(this.dataSource, name, sql, params);
  }

  /** A page of `where` (conditions on `c`) with the counts of `countsSql`, one statement. */
  private async page(
    scope: AccountScoped,
    where: Where,
    countsSql: CountsSql,
    assigneeType: ConversationListQuery['assignee_type'],
    requestedPage = 1,
    prepared: boolean,
  ): Promise<ConversationPage> {
    const params = [...where.params, scope.caller.user_id];
    const me = `$${params.length}`;
    const tab = assigneeTab(assigneeType, me);
    const clauses = tab.clause ? [...where.clauses, tab.clause] : where.clauses;
    const page = Math.max(1, requestedPage);
    // The first page, by far the most read, has no offset: a statement of its own (see conversationPageSql).
    if (page > 1) params.push((page - 1) * CONVERSATIONS_PAGE_SIZE);
    const offset = page > 1 ? `$${params.length}` : null;
    const [{ conversations, mine_count, assigned_count, unassigned_count, all_count }] =
      await this.run<ConversationListRow>(
        conversationListSql(countsSql(me), clauses.join(' AND '), offset),
        params,
        prepared,
      );
    const counts: ConversationCounts = { mine_count, assigned_count, unassigned_count, all_count };
    return {
      meta: { ...counts, current_page: page, total_pages: Math.ceil(tab.total(counts) / CONVERSATIONS_PAGE_SIZE) },
      payload: this.loader.listed(conversations ?? []),
    };
  }
}

/** Counts over the conversations of `where` themselves. */
function countedOver(where: Where): CountsSql {
  const conditions = where.clauses.join(' AND ');
  return (me) => conversationCountsSql(conditions, me);
}

/** The `assignee_type` tab: its condition and how many conversations of the counts it holds. */
function assigneeTab(
  type: ConversationListQuery['assignee_type'],
  me: string,
): { clause?: string; total: (counts: ConversationCounts) => number } {
  switch (type) {
    case 'me':
      return { clause: `c.assignee_id = ${me}`, total: (counts) => counts.mine_count };
    case 'assigned':
      return { clause: 'c.assignee_id IS NOT NULL', total: (counts) => counts.assigned_count };
    case 'unassigned':
      return { clause: 'c.assignee_id IS NULL', total: (counts) => counts.unassigned_count };
    case 'unassigned_or_me':
      return {
        clause: `(c.assignee_id IS NULL OR c.assignee_id = ${me})`,
        total: (counts) => counts.unassigned_count + counts.mine_count,
      };
    default:
      return { total: (counts) => counts.all_count };
  }
}
