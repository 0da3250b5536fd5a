import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CustomAttributePatterns,
  InboxPatterns,
  type CustomAttributeDefinition,
  type LinkedInbox,
} from '@parley/contracts';
import { customAttributeProblems } from '@parley/domain-rules';
import { OWNER_LOOKUP_TIMEOUT_MS, ownerVersion, readThrough, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { toLinkedInbox } from './linked-inbox.mapper';
import { MessagingViewWriter } from './messaging-view.writer';
import type { AttributeDefinitionViewRow } from './persistence/attribute-definition-view.row';
import type { InboxView, InboxViewRow } from './persistence/inbox-view.row';

export type { InboxView } from './persistence/inbox-view.row';

/**
 * The inbox `idExpr` names in the caller's statement, while it is live (a deleted inbox stays as
 * a tombstone so that a late event cannot bring it back, and is never one of them): a fragment
 * for `JOIN LATERAL`, so that a contact's links come with their inboxes in one round trip.
 */
export function liveInboxOf(idExpr: string): string {
  return `(SELECT id, name, channel_type, snapshot FROM contacts.inboxes_view WHERE id = ${idExpr} AND NOT deleted)`;
}

/**
 * Reads of the copies kept by MessagingViewConsumer. The copies lag messaging's events by a few
 * milliseconds, so a read that would answer "there is none" (or refuse a value) asks messaging
 * before doing so, and keeps the answer; hits never leave the database.
 */
@Injectable()
export class MessagingViewLoader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: MessagingViewWriter,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * The account's live inbox (as the inbox endpoints render it), or null when it has none by
   * that id. A tombstone, or a row of another account, is final (ids are never reused); an inbox
   * never seen may have been created a moment ago: messaging is asked.
   */
  async inbox(accountId: number, inboxId: number): Promise<LinkedInbox | null> {
    const [known]: InboxViewRow[] = await this.dataSource.query(
      'SELECT id, account_id, name, channel_type, snapshot, deleted FROM contacts.inboxes_view WHERE id = $1',
      [inboxId],
    );
    return readThrough({
      known,
      live: (row) => row.account_id === accountId && !row.deleted,
      show: toLinkedInbox,
      askOwner: () =>
        this.rpc.send(
          InboxPatterns.find,
          { account_id: accountId, id: inboxId },
          { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS },
        ),
      keep: (inbox) => this.writer.inboxes.recordOne(this.dataSource.manager, inbox, ownerVersion(inbox)),
      showAnswer: (inbox) =>
        toLinkedInbox({ id: inbox.id, name: inbox.name, channel_type: inbox.channel_type, snapshot: inbox }),
    });
  }

  async inboxes(accountId: number): Promise<LinkedInbox[]> {
    const rows: InboxView[] = await this.dataSource.query(
      'SELECT id, name, channel_type, snapshot FROM contacts.inboxes_view WHERE account_id = $1 AND NOT deleted ORDER BY id',
      [accountId],
    );
    return rows.map(toLinkedInbox);
  }

  /**
   * The definitions to judge written contact attributes by (each map: key → value). The view
   * answers alone when it has a definition for every key written and accepts every value.
   * Otherwise it may be behind: a key without a definition is free-form only if messaging has
   * none either (one may have been created a moment ago), and a refused value may fit the
   * definition as just changed; then messaging's definitions decide. "No definition for this
   * key" is never remembered, since one may be created the next moment: free-form keys cost one
   * request per write, defined keys none.
   */
  async contactDefinitionsFor(
    accountId: number,
    written: Array<Record<string, unknown>>,
  ): Promise<CustomAttributeDefinition[]> {
    const known = await this.viewDefinitions(accountId);
    const keys = new Set(known.map((definition) => definition.attribute_key));
    const settled = written.every(
      (attributes) =>
        Object.entries(attributes).every(([key, value]) => value === null || keys.has(key)) &&
        Object.keys(customAttributeProblems(known, attributes)).length === 0,
    );
    return settled ? known : this.ownerDefinitions(accountId);
  }

  /** The definitions to read `keys` by (their types): the view's when it knows every one, else messaging's. */
  async contactDefinitionsOf(accountId: number, keys: string[]): Promise<CustomAttributeDefinition[]> {
    const known = await this.viewDefinitions(accountId);
    const defined = new Set(known.map((definition) => definition.attribute_key));
    return keys.every((key) => defined.has(key)) ? known : this.ownerDefinitions(accountId);
  }

  /** The contact attribute definitions as this copy of messaging's has them (it may be a moment behind). */
  async viewDefinitions(accountId: number): Promise<CustomAttributeDefinition[]> {
    const rows: AttributeDefinitionViewRow[] = await this.dataSource.query(
      `SELECT definition FROM contacts.attribute_definitions_view
        WHERE account_id = $1 AND NOT deleted AND definition ->> 'attribute_model' = 'contact_attribute'`,
      [accountId],
    );
    return rows.map((row) => row.definition);
  }

  /**
   * Messaging's definitions, asked now (and kept in the view). For a run of many writes judged
   * alike, such as an import, that would otherwise ask once per batch.
   */
  async ownerDefinitions(accountId: number): Promise<CustomAttributeDefinition[]> {
    const definitions = await this.rpc.send(
      CustomAttributePatterns.ofModel,
      { account_id: accountId, attribute_model: 'contact_attribute' },
      { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS },
    );
    await this.writer.definitions.record(
      this.dataSource.manager,
      definitions.map((definition) => ({ item: definition, version: ownerVersion(definition) })),
    );
    return definitions;
  }
}
