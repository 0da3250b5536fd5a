import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AssignmentSettings, InboxRow, MessageInbox } from './persistence/inbox.row';

/** What a channel needs of its inbox to send and receive: the settings are sealed (secrets encrypted). */
export type ChannelInbox = Pick<
  InboxRow,
  | 'id'
  | 'account_id'
  | 'name'
  | 'channel_type'
  | 'email'
  | 'phone_number'
  | 'uuid'
  | 'channel_settings'
  | 'inbox_identifier'
>;

const CHANNEL_INBOX_COLUMNS =
  'id, account_id, name, channel_type, email, phone_number, uuid, channel_settings, inbox_identifier';

export type { MessageInbox };

/** What the public client API needs of the inbox a widget's or bridge's token names. */
export type PublicInboxRow = Pick<
  InboxRow,
  | 'id'
  | 'account_id'
  | 'name'
  | 'channel_type'
  | 'inbox_identifier'
  | 'website_token'
  | 'hmac_token'
  | 'hmac_mandatory'
  | 'timezone'
  | 'working_hours'
  | 'working_hours_enabled'
  | 'csat_survey_enabled'
  | 'greeting_enabled'
  | 'allow_messages_after_resolved'
>;

/** What a web widget's window shows of its inbox. */
export type PublicWidgetRow = Pick<
  InboxRow,
  'id' | 'account_id' | 'name' | 'website_url' | 'widget_color' | 'welcome_title' | 'welcome_tagline'
>;

/**
 * The inboxes a user serves (`messaging.inbox_members`), as a subquery: the conversation list and
 * counts embed it to stay one statement (`userParam` is the placeholder holding the user id, e.g. `$2`).
 * The owner's condition, exported for those hot-path statements (docs/service-template.md).
 */
export function inboxesServedBy(userParam: string): string {
  return `SELECT inbox_id FROM messaging.inbox_members WHERE user_id = ${userParam}`;
}

/** The members of an inbox (`inboxParam` holds its id), for the round-robin pick's one statement. */
export function membersOfInbox(inboxParam: string): string {
  return `SELECT user_id FROM messaging.inbox_members WHERE inbox_id = ${inboxParam}`;
}

/** Reads of inboxes and their members that conversations and messages need. */
@Injectable()
export class InboxesLoader {
  async exists(tx: EntityManager, accountId: number, inboxId: number): Promise<boolean> {
    const rows: unknown[] = await tx.query('SELECT id FROM messaging.inboxes WHERE id = $1 AND account_id = $2', [
      inboxId,
      accountId,
    ]);
    return rows.length > 0;
  }

  /** The API inbox with this `inbox_identifier` or the web-widget inbox with this `website_token`. */
  async byPublicToken(tx: EntityManager, token: string): Promise<PublicInboxRow | null> {
    const [row]: PublicInboxRow[] = await tx.query(
      `SELECT id, account_id, name, channel_type, inbox_identifier, website_token, hmac_token, hmac_mandatory, timezone,
              working_hours, working_hours_enabled, csat_survey_enabled, greeting_enabled, allow_messages_after_resolved
         FROM messaging.inboxes
        WHERE (channel_type = 'Channel::Api' AND inbox_identifier = $1)
           OR (channel_type = 'Channel::WebWidget' AND website_token = $1)
        LIMIT 1`,
      [token],
    );
    return row ?? null;
  }

  /** The web-widget inbox with this `website_token`, with what its window shows. */
  async widgetByToken(tx: EntityManager, token: string): Promise<PublicWidgetRow | null> {
    const [row]: PublicWidgetRow[] = await tx.query(
      `SELECT id, account_id, name, website_url, widget_color, welcome_title, welcome_tagline
         FROM messaging.inboxes
        WHERE channel_type = 'Channel::WebWidget' AND website_token = $1`,
      [token],
    );
    return row ?? null;
  }

  async channelOf(tx: EntityManager, inboxId: number): Promise<ChannelInbox | null> {
    const [row]: ChannelInbox[] = await tx.query(
      `SELECT ${CHANNEL_INBOX_COLUMNS} FROM messaging.inboxes WHERE id = $1`,
      [inboxId],
    );
    return row ?? null;
  }

  /**
   * The e-mail inbox a mail for this address belongs to: its own address, or its forwarding
   * address (`<uuid>@<inbound domain>`), case-insensitively.
   */
  async emailInboxFor(tx: EntityManager, address: string, inboundDomain: string): Promise<ChannelInbox | null> {
    const [local, domain] = splitAddress(address);
    const uuid = domain === inboundDomain && UUID.test(local) ? local : null;
    const [row]: ChannelInbox[] = await tx.query(
      `SELECT ${CHANNEL_INBOX_COLUMNS} FROM messaging.inboxes
        WHERE channel_type = 'Channel::Email' AND (lower(email) = $1 OR uuid = $2::uuid) LIMIT 1`,
      [address.toLowerCase(), uuid],
    );
    return row ?? null;
  }

  /** The provider inbox a webhook URL names: its channel kind and its public identifier. */
  async byIdentifier(tx: EntityManager, channelType: string, identifier: string): Promise<ChannelInbox | null> {
    const [row]: ChannelInbox[] = await tx.query(
      `SELECT ${CHANNEL_INBOX_COLUMNS} FROM messaging.inboxes WHERE channel_type = $1 AND inbox_identifier = $2`,
      [channelType, identifier],
    );
    return row ?? null;
  }

  /** The e-mail inboxes that poll a mailbox. */
  async imapInboxes(tx: EntityManager): Promise<ChannelInbox[]> {
    return tx.query(
      `SELECT ${CHANNEL_INBOX_COLUMNS} FROM messaging.inboxes
        WHERE channel_type = 'Channel::Email' AND (channel_settings ->> 'imap_enabled')::boolean IS TRUE ORDER BY id`,
    );
  }

  async isMember(manager: EntityManager, inboxId: number, userId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM messaging.inbox_members WHERE inbox_id = $1 AND user_id = $2',
      [inboxId, userId],
    );
    return rows.length > 0;
  }

  /** The inboxes of the account the user serves. */
  async servedBy(tx: EntityManager, accountId: number, userId: number): Promise<number[]> {
    const rows: Array<{ inbox_id: number }> = await tx.query(
      `SELECT im.inbox_id FROM messaging.inbox_members im JOIN messaging.inboxes i ON i.id = im.inbox_id
        WHERE im.user_id = $1 AND i.account_id = $2`,
      [userId, accountId],
    );
    return rows.map((row) => row.inbox_id);
  }

  async assignmentSettings(tx: EntityManager, inboxId: number): Promise<AssignmentSettings | null> {
    const [inbox]: AssignmentSettings[] = await tx.query(
      'SELECT enable_auto_assignment, max_assignment_limit FROM messaging.inboxes WHERE id = $1',
      [inboxId],
    );
    return inbox ?? null;
  }

  async messageSettings(tx: EntityManager, inboxId: number): Promise<MessageInbox> {
    const [inbox]: MessageInbox[] = await tx.query(
      'SELECT channel_type, allow_messages_after_resolved, message_deleted_placeholder FROM messaging.inboxes WHERE id = $1',
      [inboxId],
    );
    return inbox;
  }

  /** Whether resolving a conversation of the inbox sends a satisfaction survey. */
  async csatSurveyEnabled(tx: EntityManager, inboxId: number): Promise<boolean> {
    const [inbox]: Array<{ csat_survey_enabled: boolean }> = await tx.query(
      'SELECT csat_survey_enabled FROM messaging.inboxes WHERE id = $1',
      [inboxId],
    );
    return inbox?.csat_survey_enabled ?? false;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return at < 0
    ? [address.toLowerCase(), '']
    : [address.slice(0, at).toLowerCase(), address.slice(at + 1).toLowerCase()];
}
