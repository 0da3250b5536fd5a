import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { imapConnectionSettings, ImapPoller, type ImapMailboxState } from '@parley/channels';
import { PollingLoop } from '@parley/service-kit';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ChannelProvidersAdapter } from '../channel-sends/channel-providers.adapter';
import { InboxesLoader, type ChannelInbox } from '../inboxes/inboxes.loader';
import { InboxesService } from '../inboxes/inboxes.service';
import { MESSAGING_CONFIG, type ChannelsConfig, type MessagingConfig } from '../messaging.config';
import { STORE_INBOUND_EMAIL } from './persistence/inbound-email.row';
import {
  LEASE_MAILBOX,
  MAILBOX_STATE,
  RELEASE_MAILBOX,
  SAVE_MAILBOX_STATE,
  type ImapMailboxRow,
} from './persistence/imap-mailbox.row';

interface RunningPoller {
  poller: ImapPoller;
  leaseId: string;
  /** The settings it was started with: a change restarts it. */
  fingerprint: string;
}

/**
 * Polls the mailbox of every e-mail inbox with `imap_enabled` (IDLE where the server has it).
 * Each mailbox is polled by one replica, under a lease renewed on every pass; the UID and
 * UIDVALIDITY reached are kept per inbox and written only by the lease's holder, and every mail
 * is stored before the position moves past it — so each is ingested once across restarts and
 * replicas. A refused login is shown on the inbox (`imap_error`); other inboxes go on.
 */
@Injectable()
export class ImapMailboxesWorker extends PollingLoop {
  private readonly pollers = new Map<number, RunningPoller>();
  private readonly settings: ChannelsConfig;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inboxes: InboxesLoader,
    private readonly inboxSettings: InboxesService,
    private readonly providers: ChannelProvidersAdapter,
    @Inject(MESSAGING_CONFIG) config: MessagingConfig,
  ) {
    // The lease is renewed three times in its life, so a slow pass never loses it.
    super(Math.ceil(config.channels.imapLeaseMs / 3), 'Polling IMAP mailboxes', true);
    this.settings = config.channels;
  }

  override async beforeApplicationShutdown(): Promise<void> {
    await super.beforeApplicationShutdown();
    await Promise.all([...this.pollers.keys()].map((inboxId) => this.stopPolling(inboxId)));
  }

  protected async pass(): Promise<boolean> {
    const wanted = new Map((await this.inboxes.imapInboxes(this.dataSource.manager)).map((inbox) => [inbox.id, inbox]));
    for (const inboxId of [...this.pollers.keys()]) if (!wanted.has(inboxId)) await this.stopPolling(inboxId);
    for (const inbox of wanted.values()) {
      if (this.isStopping) break;
      await this.keepPolling(inbox);
    }
    return false;
  }

  private async keepPolling(inbox: ChannelInbox): Promise<void> {
    const fingerprint = createHash('sha256').update(JSON.stringify(inbox.channel_settings)).digest('hex');
    const current = this.pollers.get(inbox.id);
    if (current && current.fingerprint !== fingerprint) await this.stopPolling(inbox.id);
    const leaseId = this.pollers.get(inbox.id)?.leaseId ?? randomUUID();
    const held: unknown[] = await this.dataSource.query(LEASE_MAILBOX, [inbox.id, leaseId, this.settings.imapLeaseMs]);
    if (!held.length) {
      // Another replica holds it (or took it over after a pause of ours).
      if (this.pollers.has(inbox.id)) await this.stopPolling(inbox.id, false);
      return;
    }
    if (this.pollers.has(inbox.id)) return;
    const connection = imapConnectionSettings(this.providers.emailSettings(inbox));
    if (!connection) return;
    const poller = new ImapPoller({
      connection,
      maxMessageBytes: this.settings.mailInboundMaxBytes,
      pollIntervalMs: this.settings.imapPollIntervalMs,
      state: {
        load: () => this.loadState(inbox.id),
        save: (state) => this.saveState(inbox.id, leaseId, state),
      },
      onEmail: async (raw, uid) => {
        const state = await this.loadState(inbox.id);
        await this.dataSource.query(STORE_INBOUND_EMAIL, [
          inbox.account_id,
          inbox.id,
          raw,
          inbox.email ? [inbox.email] : [],
          state?.uidValidity ?? null,
          uid,
        ]);
      },
      onLoginFailure: (reason) => void this.showError(inbox.id, `IMAP login failed: ${reason}`),
      onConnected: () => void this.showError(inbox.id, null),
      onError: (error) => this.logger.warn(`IMAP inbox ${inbox.id}: ${error.message}`),
    });
    this.pollers.set(inbox.id, { poller, leaseId, fingerprint });
    poller.start();
  }

  private async stopPolling(inboxId: number, release = true): Promise<void> {
    const current = this.pollers.get(inboxId);
    if (!current) return;
    this.pollers.delete(inboxId);
    await current.poller.stop();
    if (release) await this.dataSource.query(RELEASE_MAILBOX, [inboxId, current.leaseId]).catch(() => undefined);
  }

  private async loadState(inboxId: number): Promise<ImapMailboxState | null> {
    const [row]: Array<Pick<ImapMailboxRow, 'uid_validity' | 'last_uid'>> = await this.dataSource.query(MAILBOX_STATE, [
      inboxId,
    ]);
    return row?.uid_validity ? { uidValidity: row.uid_validity, lastUid: Number(row.last_uid) } : null;
  }

  private async saveState(inboxId: number, leaseId: string, state: ImapMailboxState): Promise<void> {
    const [saved] = (await this.dataSource.query(SAVE_MAILBOX_STATE, [
      inboxId,
      leaseId,
      state.uidValidity,
      state.lastUid,
    ])) as [unknown[], number];
    if (!saved.length) throw new Error(`lost the lease on the mailbox of inbox ${inboxId}`);
  }

  private async showError(inboxId: number, error: string | null): Promise<void> {
    await this.inboxSettings.setImapError(inboxId, error).catch((failure: Error) => this.logger.warn(failure.message));
  }
}
