import { Injectable } from '@nestjs/common';
import {
  CONTACT_SORT_FIELDS,
  CONTACTS_MAX_PER_PAGE,
  CONTACTS_PAGE_SIZE,
  ConversationPatterns,
  type AccountScoped,
  type Contact,
  type ContactListQuery,
  type ContactPage,
  type ContactSearchPage,
  type FilterCondition,
} from '@parley/contracts';
import {
  BadRequestError,
  customAttributeField,
  customAttributeKeysOf,
  FilterCompiler,
  RpcClient,
  type FilterField,
} from '@parley/service-kit';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { toContact } from '../contacts/contact.mapper';
import { ContactsLoader } from '../contacts/contacts.loader';

/**
 * Everything `q` looks in, as one text. It must stay the expression of `contacts_substring_idx`
 * (migration 1732233600002): that index narrows the candidates, the per-field ILIKEs decide.
 */
const SUBSTRING_TEXT = `(coalesce(c.name, '') || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.phone_number, '') || ' ' || coalesce(c.identifier, ''))`;

const SORT_SQL: Record<string, string> = {
  name: 'lower(c.name)',
  email: 'c.email',
  phone_number: 'c.phone_number',
  created_at: 'c.created_at',
  last_activity_at: 'c.last_activity_at',
};

const FIELDS: Record<string, FilterField> = {
  name: { sql: 'c.name', kind: 'text' },
  email: { sql: 'c.email', kind: 'text' },
  phone_number: { sql: 'c.phone_number', kind: 'text' },
  identifier: { sql: 'c.identifier', kind: 'text' },
  country: { sql: `(c.additional_attributes ->> 'country')`, kind: 'text' },
  country_code: { sql: `(c.additional_attributes ->> 'country_code')`, kind: 'text' },
  city: { sql: `(c.additional_attributes ->> 'city')`, kind: 'text' },
  company_name: { sql: `(c.additional_attributes ->> 'company_name')`, kind: 'text' },
  labels: { sql: 'c.labels', kind: 'labels' },
  blocked: { sql: 'c.blocked', kind: 'boolean' },
  created_at: { sql: 'c.created_at', kind: 'date' },
  last_activity_at: { sql: 'c.last_activity_at', kind: 'date' },
};

/** `Maria Silva` → `maria:* & silva:*`: every word as a prefix, for the indexed search. */
export function prefixQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}+]+/u)
    .map((word) => word.replace(/^\++/, ''))
    .filter(Boolean);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

@Injectable()
export class ContactQuery {
  constructor(
    private readonly loader: ContactsLoader,
    private readonly messagingView: MessagingViewLoader,
    private readonly rpc: RpcClient,
  ) {}

  /** `q` matches anywhere in name, e-mail, phone or identifier (trigram-indexed from 3 characters on). */
  async list(accountId: number, query: ContactListQuery): Promise<ContactPage> {
    const params: unknown[] = [accountId];
    const clauses = ['c.account_id = $1'];
    const q = query.q?.trim();
    if (q) {
      params.push(`%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      const p = `$${params.length}`;
      clauses.push(
        `${SUBSTRING_TEXT} ILIKE ${p}`,
        `(c.name ILIKE ${p} OR c.email ILIKE ${p} OR c.phone_number ILIKE ${p} OR c.identifier ILIKE ${p})`,
      );
    }
    const perPage = Math.min(query.per_page ?? CONTACTS_PAGE_SIZE, CONTACTS_MAX_PER_PAGE);
    return this.page(clauses, params, {
      page: query.page ?? 1,
      perPage,
      order: orderBy(query.sort),
      withInboxes: query.include_contact_inboxes ?? true,
    });
  }

  /** Prefix search over the words of name, e-mail, phone and identifier, on the full-text index. */
  async search(
    scope: AccountScoped,
    q: string,
    page = 1,
    include: { conversations?: boolean; contactInboxes?: boolean } = {},
  ): Promise<ContactSearchPage> {
    const tsquery = prefixQuery(q);
    if (!tsquery) return { meta: { count: 0, current_page: page, has_more: false }, payload: [] };
    const result = await this.page(
      ['c.account_id = $1', `c.search_vector @@ to_tsquery('simple', $2)`],
      [scope.account_id, tsquery],
      {
        page,
        perPage: CONTACTS_PAGE_SIZE,
        order: 'c.last_activity_at DESC NULLS LAST, c.id DESC',
        withInboxes: include.contactInboxes ?? true,
      },
    );
    const payload: ContactSearchPage['payload'] = include.conversations
      ? await Promise.all(
          result.payload.map(async (contact) => ({
            ...contact,
            conversations: await this.rpc.send(ConversationPatterns.ofContact, { ...scope, contact_id: contact.id }),
          })),
        )
      : result.payload;
    return { meta: { ...result.meta, has_more: page * CONTACTS_PAGE_SIZE < result.meta.count }, payload };
  }

  async filter(accountId: number, conditions: FilterCondition[], page = 1, withInboxes = true): Promise<ContactPage> {
    const params: unknown[] = [accountId];
    const clauses = ['c.account_id = $1', (await this.compiler(accountId, conditions)).compile(conditions, params)];
    return this.page(clauses, params, {
      page,
      perPage: CONTACTS_PAGE_SIZE,
      order: 'c.created_at DESC, c.id DESC',
      withInboxes,
    });
  }

  /** Refuses a payload `filter` would refuse (FILTER.INVALID naming the fault), without running it: saved filters are checked so. */
  async checkFilter(accountId: number, conditions: FilterCondition[]): Promise<null> {
    (await this.compiler(accountId, conditions)).compile(conditions, []);
    return null;
  }

  private async compiler(accountId: number, conditions: FilterCondition[]): Promise<FilterCompiler> {
    // A definition created a moment ago decides how its key compares (number, date…), though the view may not have it yet.
    const definitions = new Map(
      (await this.messagingView.contactDefinitionsOf(accountId, customAttributeKeysOf(conditions))).map(
        (definition) => [definition.attribute_key, definition.attribute_display_type],
      ),
    );
    return new FilterCompiler({
      fields: FIELDS,
      resolve: (key) =>
        customAttributeField(key, 'c.custom_attributes', 'contacts', (attribute) => definitions.get(attribute)),
    });
  }

  private async page(
    clauses: string[],
    params: unknown[],
    options: { page: number; perPage: number; order: string; withInboxes: boolean },
  ): Promise<ContactPage> {
    const where = clauses.join(' AND ');
    const { count, ids } = await this.loader.matching(where, params, {
      order: options.order,
      limit: options.perPage,
      offset: (options.page - 1) * options.perPage,
    });
    const byId = new Map((await this.loader.byIds(ids)).map((row) => [row.id, row]));
    const links = options.withInboxes ? await this.loader.linksOf(ids) : null;
    const payload: Contact[] = ids.map((id) => toContact(byId.get(id)!, links?.get(id)));
    return { meta: { count, current_page: options.page }, payload };
  }
}

/** `name`, `-created_at`, … → SQL; unknown fields are a 400. Missing values sort last either way. */
function orderBy(sort: string | undefined): string {
  if (!sort) return 'c.created_at DESC, c.id DESC';
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  if (!(CONTACT_SORT_FIELDS as readonly string[]).includes(field)) {
    throw new BadRequestError(`sort: must be one of ${CONTACT_SORT_FIELDS.join(', ')} (prefix - for descending)`);
  }
  return `${SORT_SQL[field]} ${descending ? 'DESC' : 'ASC'} NULLS LAST, c.id ${descending ? 'DESC' : 'ASC'}`;
}
