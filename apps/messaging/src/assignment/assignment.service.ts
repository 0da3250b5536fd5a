import { Injectable } from '@nestjs/common';
import type { AccountScoped, AssignmentInput, Conversation } from '@parley/contracts';
import { Outbox } from '@parley/service-kit';
import { ConversationAccessService } from '../conversations/conversation-access.service';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { ConversationChecksService } from '../conversations/conversation-checks.service';
import { ConversationLoader } from '../conversations/conversation.loader';
import { ConversationWriter } from '../conversations/conversation.writer';

/** A conversation's assignee and team, set by a caller or picked by the round-robin (auto-assign.service.ts) on request. */
@Injectable()
export class AssignmentService {
  constructor(
    private readonly access: ConversationAccessService,
    private readonly changes: ConversationChangesService,
    private readonly checks: ConversationChecksService,
    private readonly loader: ConversationLoader,
    private readonly writer: ConversationWriter,
    private readonly outbox: Outbox,
  ) {}

  assign(scope: AccountScoped, displayId: number, input: AssignmentInput): Promise<Conversation> {
    return this.changes.update(scope, displayId, async (tx, conversation) => {
      if (input.assignee_id !== undefined && input.assignee_id !== null) {
        await this.checks.assertAssignable(tx, scope.account_id, conversation.inbox_id, input.assignee_id);
      }
      if (input.team_id !== undefined && input.team_id !== null)
        await this.checks.assertTeam(tx, scope.account_id, input.team_id);
      return { assigneeId: input.assignee_id, teamId: input.team_id };
    });
  }

  /**
   * The round-robin of auto-assignment, on request (whatever the inbox's setting); nobody
   * available leaves the assignee as it is. A `key` seen before (a caller's retry) changes nothing:
   * a second pick could choose another agent.
   */
  async assignBestAgent(scope: AccountScoped, displayId: number, key?: string): Promise<Conversation> {
    const id = await this.outbox.transaction(async (tx, emit) => {
      const conversation = await this.access.find(scope, displayId, { tx, lock: true });
      if (key && !(await this.writer.claimKey(tx, key))) return conversation.id;
      await this.changes.autoAssign(tx, emit, conversation, { evenWhenDisabled: true });
      return conversation.id;
    });
    return this.loader.conversation(id);
  }
}
