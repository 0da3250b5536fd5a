import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CHANNEL_TYPES,
  DEFAULT_TIMEZONE,
  InboxErrors,
  InboxEvents,
  type AccountScoped,
  type Caller,
  type CreateInboxInput,
  type EmailServerFields,
  type ProviderFields,
  type Inbox,
  type InboxCallbackTarget,
  type InboxSnapshot,
  type UpdateInboxInput,
} from '@parley/contracts';
import { DomainError, isUniqueViolation, Outbox, publicHttpsUrl, selectOneOrFail } from '@parley/service-kit';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { applyChannelFields, applySettings, defaultWorkingHours } from './inbox.rules';
import { givenPasswords, mergeEmailServers, sealContext, type StoredEmailServers } from './email-server.rules';
import { toInbox, toInboxSnapshot } from './inbox.mapper';
import { INBOX_COLUMNS, INBOX_JSON_COLUMNS, INBOX_WRITTEN_COLUMNS, type InboxRow } from './persistence/inbox.row';
import { newWebsiteToken } from './web-widget.rules';
import { ProviderChannelsAdapter } from './provider-channels.adapter';
import { mergeProviderSettings, type StoredProviderSettings } from './provider-settings.rules';

@Injectable()
export class InboxesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly providers: ProviderChannelsAdapter,
  ) {}

  /** Administrators see every inbox; agents see the inboxes they are members of. */
  async list(scope: AccountScoped): Promise<Inbox[]> {
    const rows: InboxRow[] =
      scope.caller.role === 'administrator'
        ? await this.dataSource.query(
            `SELECT ${INBOX_COLUMNS} FROM messaging.inboxes WHERE account_id = $1 ORDER BY id`,
            [scope.account_id],
          )
        : await this.dataSource.query(
            `SELECT ${INBOX_COLUMNS} FROM messaging.inboxes
              WHERE account_id = $1 AND id IN (SELECT inbox_id FROM messaging.inbox_members WHERE user_id = $2)
              ORDER BY id`,
            [scope.account_id, scope.caller.user_id],
          );
    return rows.map((inbox) => this.render(inbox, scope.caller.role === 'administrator'));
  }

  async show(scope: AccountScoped, id: number): Promise<Inbox> {
    const inbox = await this.findVisible(scope, id);
    return this.render(inbox, scope.caller.role === 'administrator');
  }

  async create(accountId: number, input: CreateInboxInput): Promise<Inbox> {
    const inbox = {
      account_id: accountId,
      channel_type: CHANNEL_TYPES[input.channel.type],
      phone_number: null,
      email: null,
      website_url: null,
      widget_color: null,
      webhook_url: null,
      inbox_identifier: null,
      secret: null,
      timezone: DEFAULT_TIMEZONE,
      working_hours: defaultWorkingHours(),
      greeting_enabled: false,
      greeting_message: null,
      working_hours_enabled: false,
      out_of_office_message: null,
      csat_survey_enabled: false,
      enable_auto_assignment: true,
      allow_messages_after_resolved: true,
      message_deleted_placeholder: null,
      max_assignment_limit: null,
      agent_bot_id: null,
      avatar_url: null,
      website_token: null,
      hmac_token: null,
      hmac_mandatory: false,
      welcome_title: null,
      welcome_tagline: null,
      uuid: randomUUID(),
      channel_settings: {},
      imap_error: null,
    } as Omit<InboxRow, 'id' | 'name' | 'created_at' | 'updated_at'> as InboxRow;
    applySettings(inbox, { ...input, name: input.name ?? '' });
    applyChannelFields(inbox, input.channel);
    this.applyChannelSettings(inbox, input.channel);
    await this.checkCallbackUrl(inbox, input.channel.webhook_url);
    if (this.providers.providerOf(inbox.channel_type)) inbox.inbox_identifier = randomBytes(18).toString('base64url');
    await this.applyProviderSettings(inbox, input.channel);
    if (inbox.channel_type === CHANNEL_TYPES.api) {
      inbox.inbox_identifier = randomBytes(18).toString('base64url');
      inbox.secret = randomBytes(24).toString('base64url');
    }
    if (inbox.channel_type === CHANNEL_TYPES.web_widget) inbox.website_token = newWebsiteToken();
    if (inbox.channel_type === CHANNEL_TYPES.api || inbox.channel_type === CHANNEL_TYPES.web_widget)
      inbox.hmac_token = randomBytes(24).toString('base64url');
    return this.emailUnique(() =>
      this.outbox.transaction(async (tx, emit) => {
        const [saved] = (await tx.query(
          `INSERT INTO messaging.inboxes (account_id, uuid, ${INBOX_WRITTEN_COLUMNS.join(', ')})
         VALUES ($1, $2, ${INBOX_WRITTEN_COLUMNS.map((_, index) => `$${index + 3}`).join(', ')}) RETURNING ${INBOX_COLUMNS}`,
          [accountId, inbox.uuid, ...writtenValues(inbox)],
        )) as InboxRow[];
        await emit(InboxEvents.created, accountId, { inbox: toInboxSnapshot(saved, this.config.publicUrl) });
        return this.render(saved, true);
      }),
    );
  }

  async update(accountId: number, id: number, input: UpdateInboxInput): Promise<Inbox> {
    const inbox = await this.find(accountId, id);
    applySettings(inbox, input);
    applyChannelFields(inbox, input);
    this.applyChannelSettings(inbox, input);
    await this.checkCallbackUrl(inbox, input.webhook_url);
    if (this.providers.providerOf(inbox.channel_type)) inbox.inbox_identifier ??= randomBytes(18).toString('base64url');
    await this.applyProviderSettings(inbox, input);
    return this.emailUnique(() =>
      this.outbox.transaction(async (tx, emit) => {
        const saved = await this.write(tx, inbox);
        // New IMAP settings deserve a fresh try: the error shown was about the old ones.
        if (input.imap_password !== undefined || input.imap_address !== undefined || input.imap_login !== undefined)
          await tx.query('UPDATE messaging.inboxes SET imap_error = NULL WHERE id = $1', [saved.id]);
        await emit(InboxEvents.updated, accountId, { inbox: toInboxSnapshot(saved, this.config.publicUrl) });
        return this.render(saved, true);
      }),
    );
  }

  private render(inbox: InboxRow, withSecret: boolean): Inbox {
    const provider = this.providers.providerOf(inbox.channel_type);
    return toInbox(inbox, {
      withSecret,
      publicUrl: this.config.publicUrl,
      mailInboundDomain: this.config.channels.mailInboundDomain,
      inboundWebhookUrl: provider ? this.providers.webhookUrl(provider, inbox.inbox_identifier) : null,
    });
  }

  /**
   * A provider inbox's credentials: merged, every secret given sealed, and — when they changed —
   * checked with one cheap provider call (422 naming the field it refuses). A Telegram bot is
   * pointed at the inbox's webhook URL then, with its secret token.
   */
  private async applyProviderSettings(inbox: InboxRow, input: ProviderFields): Promise<void> {
    const provider = this.providers.providerOf(inbox.channel_type);
    if (!provider) return;
    const merged = mergeProviderSettings(provider, inbox.channel_settings as StoredProviderSettings, input);
    const cipher = this.config.channels.cipher;
    if (merged.givenSecrets.length && !cipher)
      throw new DomainError(
        InboxErrors.credentialsKeyMissing,
        'Credentials cannot be stored: the messaging service has no CHANNEL_CREDENTIALS_KEY',
        merged.givenSecrets,
      );
    for (const path of merged.givenSecrets) {
      const [head, field] = path.split('.');
      const holder = (field ? merged.settings[head] : merged.settings) as Record<string, unknown>;
      const name = field ?? head;
      holder[name] = cipher!.encrypt(String(holder[name]), sealContext(inbox.uuid, path.replace('.', ':')));
    }
    inbox.channel_settings = merged.settings;
    const channel = this.providers.open(inbox);
    if (!merged.credentialsChanged || !channel?.connected) return;
    const verdict = await this.providers.check(inbox);
    if (!verdict.accepted)
      throw new DomainError(
        InboxErrors.credentialsRefused,
        `The provider refused ${verdict.field}: ${verdict.reason}`,
        [verdict.field],
      );
    if (provider === 'telegram') {
      try {
        await this.providers.telegram.registerWebhook(
          channel.settings as { bot_token: string },
          this.providers.webhookUrl(provider, inbox.inbox_identifier),
        );
      } catch (error) {
        throw new DomainError(
          InboxErrors.credentialsRefused,
          `Telegram refused setWebhook: ${(error as Error).message}`,
          ['bot_token'],
        );
      }
    }
  }

  /** An e-mail address one inbox (of any account) receives is no other inbox's. */
  private async emailUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(InboxErrors.emailTaken, 'Another inbox already receives this e-mail address', ['email']);
      throw error;
    }
  }

  /** An e-mail inbox's servers: merged, checked, and every password given sealed before it is kept. */
  private applyChannelSettings(inbox: InboxRow, input: EmailServerFields): void {
    if (inbox.channel_type !== CHANNEL_TYPES.email) return;
    const merged = mergeEmailServers(inbox.channel_settings as StoredEmailServers, input);
    const passwords = givenPasswords(input);
    if (passwords.length && !this.config.channels.cipher)
      throw new DomainError(
        InboxErrors.credentialsKeyMissing,
        'Passwords cannot be stored: the messaging service has no CHANNEL_CREDENTIALS_KEY',
        passwords,
      );
    for (const field of passwords)
      merged[field] = this.config.channels.cipher!.encrypt(merged[field]!, sealContext(inbox.uuid, field));
    inbox.channel_settings = merged as Record<string, unknown>;
  }

  /**
   * A callback URL is called by the webhook dispatcher, which refuses anything but HTTPS to
   * public addresses at every attempt: refuse such a URL when it is saved, not silently later.
   */
  private async checkCallbackUrl(inbox: InboxRow, given: string | null | undefined): Promise<void> {
    if (given === undefined || !inbox.webhook_url) return;
    inbox.webhook_url = await publicHttpsUrl(inbox.webhook_url, 'webhook_url', 'Webhook URL', this.config.allowedHosts);
  }

  /** Shows (or clears, with null) the last IMAP failure on the inbox. */
  async setImapError(inboxId: number, error: string | null): Promise<void> {
    await this.dataSource.query(
      'UPDATE messaging.inboxes SET imap_error = $2 WHERE id = $1 AND imap_error IS DISTINCT FROM $2',
      [inboxId, error],
    );
  }

  /** Deletes the inbox with its members; its conversations go with it. */
  async delete(accountId: number, id: number): Promise<null> {
    const inbox = await this.find(accountId, id);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.query('DELETE FROM messaging.inboxes WHERE id = $1', [inbox.id]);
      await emit(InboxEvents.deleted, accountId, { inbox: toInboxSnapshot(inbox, this.config.publicUrl) });
    });
    return null;
  }

  /** An API inbox of the account with a webhook URL: where its events go and what signs them. */
  async callbackTarget(accountId: number, id: number): Promise<InboxCallbackTarget | null> {
    const inbox = await this.findOne(accountId, id);
    if (!inbox || inbox.channel_type !== CHANNEL_TYPES.api || !inbox.webhook_url || !inbox.secret) return null;
    return { account_id: inbox.account_id, inbox_id: inbox.id, webhook_url: inbox.webhook_url, secret: inbox.secret };
  }

  /** The account's inbox as its events show it, for services whose copy has not seen it yet; null when there is none. */
  async snapshot(accountId: number, id: number): Promise<InboxSnapshot | null> {
    const inbox = await this.findOne(accountId, id);
    return inbox ? toInboxSnapshot(inbox, this.config.publicUrl) : null;
  }

  find(accountId: number, id: number): Promise<InboxRow> {
    return selectOneOrFail<InboxRow>(
      this.dataSource,
      `SELECT ${INBOX_COLUMNS} FROM messaging.inboxes WHERE account_id = $1 AND id = $2`,
      [accountId, id],
      'Inbox',
      InboxErrors.notFound,
    );
  }

  private async findOne(accountId: number, id: number): Promise<InboxRow | null> {
    const [inbox]: InboxRow[] = await this.dataSource.query(
      `SELECT ${INBOX_COLUMNS} FROM messaging.inboxes WHERE account_id = $1 AND id = $2`,
      [accountId, id],
    );
    return inbox ?? null;
  }

  /** The bot the inbox is connected to, if any. */
  async agentBotId(accountId: number, id: number): Promise<number | null> {
    return (await this.find(accountId, id)).agent_bot_id;
  }

  /** Connects the inbox to a bot (checked by the caller), or disconnects it with null. */
  async setAgentBot(accountId: number, id: number, botId: number | null): Promise<void> {
    await this.find(accountId, id);
    await this.dataSource.query(
      `UPDATE messaging.inboxes SET agent_bot_id = $3,
              updated_at = CASE WHEN agent_bot_id IS DISTINCT FROM $3 THEN now() ELSE updated_at END
        WHERE account_id = $1 AND id = $2`,
      [accountId, id, botId],
    );
  }

  /** An agent may only see inboxes it is a member of: others are a 403. */
  async findVisible(scope: { account_id: number; caller: Caller }, id: number): Promise<InboxRow> {
    const inbox = await this.find(scope.account_id, id);
    if (
      scope.caller.role !== 'administrator' &&
      (
        (await this.dataSource.query('SELECT 1 FROM messaging.inbox_members WHERE inbox_id = $1 AND user_id = $2', [
          id,
          scope.caller.user_id,
        ])) as unknown[]
      ).length === 0
    ) {
      throw new DomainError(InboxErrors.accessDenied, 'You do not have access to this inbox');
    }
    return inbox;
  }

  /** Writes the settings of an existing inbox; updated_at moves only on a change. */
  private async write(tx: EntityManager, inbox: InboxRow): Promise<InboxRow> {
    const assignments = INBOX_WRITTEN_COLUMNS.map((column, index) => `${column} = $${index + 2}`).join(', ');
    const changed = `(${INBOX_WRITTEN_COLUMNS.join(', ')}) IS DISTINCT FROM (${INBOX_WRITTEN_COLUMNS.map(
      (column, index) => (INBOX_JSON_COLUMNS.has(column) ? `$${index + 2}::jsonb` : `$${index + 2}`),
    ).join(', ')})`;
    const [rows] = (await tx.query(
      `UPDATE messaging.inboxes SET ${assignments}, updated_at = CASE WHEN ${changed} THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${INBOX_COLUMNS}`,
      [inbox.id, ...writtenValues(inbox)],
    )) as [InboxRow[], number];
    if (!rows[0]) throw new DomainError(InboxErrors.notFound, 'Inbox not found');
    return rows[0];
  }
}

/** The parameters of INBOX_WRITTEN_COLUMNS (JSON columns as their text). */
function writtenValues(inbox: InboxRow): unknown[] {
  return INBOX_WRITTEN_COLUMNS.map((column) =>
    INBOX_JSON_COLUMNS.has(column) ? JSON.stringify(inbox[column]) : inbox[column],
  );
}
