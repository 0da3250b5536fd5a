import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { InboxPatterns, PlatformPatterns } from '@parley/contracts';
import { OWNER_LOOKUP_TIMEOUT_MS, ownerVersion, RpcCallError, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { MessagingViewWriter } from './messaging-view.writer';

/**
 * The account's name as the view holds it, `idExpr` being its id in the caller's statement: a
 * fragment for fan-out's one-round-trip recipients read (it runs in every fan-out transaction).
 * NULL while the account's event has not arrived.
 */
export function accountNameOf(idExpr: string): string {
  return `(SELECT name FROM webhook_dispatcher.accounts_view WHERE id = ${idExpr})`;
}

/** The inbox's name as the view holds it (see accountNameOf). */
export function inboxNameOf(idExpr: string): string {
  return `(SELECT name FROM webhook_dispatcher.inboxes_view WHERE id = ${idExpr})`;
}

/**
 * Names the view does not have yet (the account or inbox was created a moment ago and its event
 * is not applied here): asked of messaging, scoped to the event's account, and kept. The answer's
 * version is the owner's `updated_at` (whole seconds), no later than the event of that state, so
 * it never replaces a newer name. A name is cosmetic: when messaging does not answer, the caller
 * falls back rather than failing the whole fan-out.
 */
@Injectable()
export class MessagingNamesLoader {
  private readonly logger = new Logger(MessagingNamesLoader.name);

  constructor(
    private readonly rpc: RpcClient,
    private readonly view: MessagingViewWriter,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The account's name, or null when messaging cannot say. */
  async account(accountId: number): Promise<string | null> {
    return this.asked(`account ${accountId}`, async () => {
      const account = await this.rpc.send(
        PlatformPatterns.showAccount,
        { id: accountId },
        { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS },
      );
      await this.view.accounts.recordOne(this.dataSource.manager, account, ownerVersion(account));
      return account.name;
    });
  }

  /** The account's inbox's name, or null when it has none by that id or messaging cannot say. */
  async inbox(accountId: number, inboxId: number): Promise<string | null> {
    return this.asked(`inbox ${inboxId}`, async () => {
      const inbox = await this.rpc.send(
        InboxPatterns.find,
        { account_id: accountId, id: inboxId },
        { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS },
      );
      if (!inbox) return null;
      await this.view.inboxes.recordOne(this.dataSource.manager, inbox, ownerVersion(inbox));
      return inbox.name;
    });
  }

  private async asked(what: string, ask: () => Promise<string | null>): Promise<string | null> {
    try {
      return await ask();
    } catch (error) {
      if (!(error instanceof RpcCallError)) throw error;
      this.logger.warn(
        `The name of ${what} is not known yet and messaging did not give it (${error.code}): the payload goes without it`,
      );
      return null;
    }
  }
}
