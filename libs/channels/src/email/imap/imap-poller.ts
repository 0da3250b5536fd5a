import type { ImapFlow } from 'imapflow';
import type { ImapConnectionSettings, ImapMailboxState, ImapStateStore } from './imap-mailbox-state';

export interface ImapPollerOptions {
  connection: ImapConnectionSettings;
  mailbox?: string;
  state: ImapStateStore;
  /** Stores one mail durably; the state moves past its UID only once this resolves. */
  onEmail(raw: Buffer, uid: number): Promise<void>;
  /** The server refused the credentials (shown on the inbox as `imap_error`). */
  onLoginFailure(reason: string): void;
  /** A login succeeded (clears `imap_error`). */
  onConnected?(): void;
  onError?(error: Error): void;
  /** Largest mail fetched; larger ones are skipped and reported through onError. */
  maxMessageBytes: number;
  /** Longest wait between two checks (the only rhythm on a server without IDLE). */
  pollIntervalMs?: number;
  /** First wait after a failure, doubled up to pollIntervalMs × 10. */
  retryDelayMs?: number;
}

/** A login the server refused: retried only after a long pause, never in a tight loop. */
export class ImapLoginError extends Error {}

/**
 * Ingests one IMAP mailbox: every mail after the last UID ingested, each handed over once per
 * UIDVALIDITY (a new UIDVALIDITY starts again from the first mail; the caller deduplicates by
 * Message-ID). Between checks it waits in IDLE, which imapflow keeps open when the server has
 * it (else NOOP polls), and wakes on new mail or after pollIntervalMs.
 */
export class ImapPoller {
  private client: ImapFlow | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Set by the server's EXISTS news; a check clears it, so news during a check is not lost. */
  private newMail = false;
  private readonly mailbox: string;
  private readonly pollIntervalMs: number;

  constructor(private readonly options: ImapPollerOptions) {
    this.mailbox = options.mailbox ?? 'INBOX';
    this.pollIntervalMs = options.pollIntervalMs ?? 60_000;
  }

  /** Fetches what arrived since the last check; resolves with how many mails were handed over. */
  async syncOnce(): Promise<number> {
    const client = await this.connected();
    const lock = await client.getMailboxLock(this.mailbox);
    this.newMail = false;
    try {
      const opened = client.mailbox as { uidValidity: bigint; exists: number };
      const uidValidity = String(opened.uidValidity);
      const saved = await this.options.state.load();
      let state: ImapMailboxState = saved?.uidValidity === uidValidity ? saved : { uidValidity, lastUid: 0 };
      if (state !== saved) await this.options.state.save(state);
      if (opened.exists === 0) return 0;
      // `n:*` always includes the newest mail, even below n: hence the filter.
      const found = (await client.search({ uid: `${state.lastUid + 1}:*` }, { uid: true })) || [];
      const uids = found.filter((uid) => uid > state.lastUid).sort((a, b) => a - b);
      for (const uid of uids) {
        if (this.stopped) break;
        await this.ingest(client, uid);
        state = { uidValidity, lastUid: uid };
        await this.options.state.save(state);
      }
      return uids.length;
    } finally {
      lock.release();
    }
  }

  /** Polls until stop(): a check, then IDLE until new mail, with back-off after failures. */
  start(): void {
    this.stopped = false;
    this.running ??= this.run().finally(() => (this.running = null));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    await this.disconnect();
  }

  private async run(): Promise<void> {
    let delay = this.options.retryDelayMs ?? 1000;
    while (!this.stopped) {
      try {
        await this.syncOnce();
        delay = this.options.retryDelayMs ?? 1000;
        await this.waitForMail(this.client!, this.pollIntervalMs);
      } catch (error) {
        if (!(error instanceof ImapLoginError)) this.options.onError?.(error as Error);
        await this.disconnect();
        await this.waitForMail(null, error instanceof ImapLoginError ? this.pollIntervalMs * 10 : delay);
        delay = Math.min(delay * 2, this.pollIntervalMs * 10);
      }
    }
  }

  private async ingest(client: ImapFlow, uid: number): Promise<void> {
    const head = await client.fetchOne(String(uid), { size: true }, { uid: true });
    if (head && (head.size ?? 0) > this.options.maxMessageBytes) {
      this.options.onError?.(
        new Error(`IMAP mail ${uid} of ${head.size} bytes skipped: over the limit of ${this.options.maxMessageBytes}`),
      );
      return;
    }
    // Fetched with BODY.PEEK: the mail stays unread for the people who share the mailbox.
    const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
    if (message && message.source) await this.options.onEmail(message.source, uid);
  }

  private async connected(): Promise<ImapFlow> {
    if (this.client?.usable) return this.client;
    await this.disconnect();
    const { connection } = this.options;
    // Loaded at the first connection, not at boot: only e-mail inboxes with IMAP need it.
    const { ImapFlow: Client } = require('imapflow') as typeof import('imapflow');
    const client = new Client({
      host: connection.host,
      port: connection.port,
      secure: connection.secure,
      auth: { user: connection.user, pass: connection.password },
      logger: false,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
      // Back in IDLE right after a check, so new mail is announced at once.
      autoIdleDelay: 500,
    });
    client.on('error', (error: Error) => this.options.onError?.(error));
    client.on('exists', () => (this.newMail = true));
    try {
      await client.connect();
    } catch (error) {
      client.close();
      const failure = error as Error & { authenticationFailed?: boolean; responseText?: string };
      if (!failure.authenticationFailed) throw error;
      const reason = failure.responseText || failure.message;
      this.options.onLoginFailure(reason);
      throw new ImapLoginError(reason);
    }
    this.options.onConnected?.();
    this.client = client;
    return client;
  }

  /** Resolves on new mail, a lost connection, stop() or after `ms`. */
  private waitForMail(client: ImapFlow | null, ms: number): Promise<void> {
    if (this.stopped || (client && this.newMail)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        client?.off('exists', done);
        client?.off('close', done);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      client?.on('exists', done);
      client?.on('close', done);
      this.wake = done;
    });
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    try {
      await client.logout();
    } catch {
      client.close();
    }
  }
}
