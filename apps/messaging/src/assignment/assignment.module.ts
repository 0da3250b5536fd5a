import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { TeamsModule } from '../teams/teams.module';
import { AssignmentHandlers } from './assignment.handlers';
import { AssignmentService } from './assignment.service';
import { AutoAssignService } from './auto-assign.service';
import { RebalancerConsumer } from './rebalancer.consumer';

/**
 * Assignee and team assignment, auto-assignment (the round-robin pick, which the aggregate runs
 * whenever a conversation is open without an assignee), assign-best-agent, and the rebalancer
 * that hands waiting conversations to agents with capacity.
 */
@Module({
  imports: [ConversationsModule, InboxesModule, TeamsModule],
  controllers: [AssignmentHandlers],
  providers: [AssignmentService, AutoAssignService, RebalancerConsumer],
})
export class AssignmentModule {}
