import { Injectable } from '@nestjs/common';
import { IdentityEvents, type EventOf } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ConversationWriter } from '../conversations/conversation.writer';
import { MessagesService } from '../messages/messages.service';

/**
 * What the account's deletion (platform/) leaves that no foreign key reaches: its attachment
 * files and its conversation counts. Its tombstone was recorded with the deletion.
 */
@Injectable()
export class AccountDeletedConsumer {
  constructor(
    private readonly conversations: ConversationWriter,
    private readonly messages: MessagesService,
  ) {}

  @OnEvent(IdentityEvents.accountDeleted, { purpose: 'leftovers_of_deleted_account' })
  async onAccountDeleted(event: EventOf<typeof IdentityEvents.accountDeleted>, tx: EntityManager): Promise<void> {
    await this.conversations.forgetCountsOfAccount(tx, event.data.id);
    await this.messages.removeFilesOfAccount(event.data.id);
  }
}
