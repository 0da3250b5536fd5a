import { Injectable } from '@nestjs/common';
import type { AccountScoped, ToggleStatusInput, ToggleStatusResult } from '@parley/contracts';
import type { Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { ConversationWriter, type ConversationRow } from '../conversations/conversation.writer';
import { ContactsViewService } from '../read-models/contacts-view/contacts-view.service';
import { nextStatus, statusAfterIncoming } from './status.rules';

/** A conversation's status: toggled by a caller (open, resolved, pending, snoozed until), and woken by an incoming message. */
@Injectable()
export class StatusService {
  constructor(
    private readonly changes: ConversationChangesService,
    private readonly conversations: ConversationWriter,
    private readonly contacts: ContactsViewService,
  ) {}

  async toggleStatus(scope: AccountScoped, displayId: number, input: ToggleStatusInput): Promise<ToggleStatusResult> {
    const conversation = await this.changes.update(scope, displayId, async (_, current) => {
      const next = nextStatus(current.status, input, new Date());
      return { status: next.status, snoozedUntil: next.snoozedUntil };
    });
    return {
      meta: {},
      payload: {
        success: true,
        conversation_id: conversation.id,
        current_status: conversation.status,
        snoozed_until: conversation.snoozed_until,
      },
    };
  }

  /**
   * An incoming message reopens a resolved conversation (when the inbox allows it) or a snooze
   * without end; `conversation` is as the message's writer left it.
   */
  async wakeUpOnIncoming(
    tx: EntityManager,
    emit: Emit,
    conversation: ConversationRow,
    allowMessagesAfterResolved: boolean,
  ): Promise<void> {
    if (conversation.status !== 'resolved' && conversation.status !== 'snoozed') return;
    const contact = await this.contacts.find(conversation.account_id, conversation.contact_id);
    const status = statusAfterIncoming({
      status: conversation.status,
      snoozedUntil: conversation.snoozed_until,
      allowMessagesAfterResolved,
      muted: conversation.muted,
      contactBlocked: contact?.blocked ?? false,
    });
    if (!status) return;
    // A status change rewrites the whole row: lock it and work on its current state.
    const current = await this.conversations.lockById(tx, conversation.id);
    await this.changes.apply(tx, emit, current, { status }, { actor: null, statusReason: 'incoming' });
  }
}
