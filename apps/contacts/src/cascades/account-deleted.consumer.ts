import { Injectable } from '@nestjs/common';
import { IdentityEvents, type EventOf } from '@parley/contracts';
import { DeletedAccounts, OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ContactReferencesWriter } from '../contacts/contact-references.writer';
import { ImportsService } from '../imports/imports.service';
import { MessagingViewWriter } from '../read-models/messaging-view/messaging-view.writer';

/** A deleted account's contacts (links, notes), imports with their files, and what contacts kept of its inboxes go with it. */
@Injectable()
export class AccountDeletedConsumer {
  constructor(
    private readonly deletedAccounts: DeletedAccounts,
    private readonly contacts: ContactReferencesWriter,
    private readonly imports: ImportsService,
    private readonly messagingView: MessagingViewWriter,
  ) {}

  @OnEvent(IdentityEvents.accountDeleted, { purpose: 'contacts_of_deleted_account' })
  async onAccountDeleted(event: EventOf<typeof IdentityEvents.accountDeleted>, tx: EntityManager): Promise<void> {
    const accountId = event.data.id;
    await this.deletedAccounts.record(tx, accountId);
    await this.imports.deleteOfAccount(tx, accountId);
    await this.contacts.deleteOfAccount(tx, accountId);
    await this.messagingView.forgetAccount(tx, accountId);
  }
}
