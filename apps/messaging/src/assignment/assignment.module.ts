import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { AssignmentHandlers } from './assignment.handlers';
import { AssignmentService } from './assignment.service';
import { RebalancerConsumer } from './rebalancer.consumer';

/** Assignee and team assignment, assign-best-agent, and the rebalancer that hands waiting conversations to agents with capacity. */
@Module({
  imports: [ConversationsModule, InboxesModule],
  controllers: [AssignmentHandlers],
  providers: [AssignmentService, RebalancerConsumer],
})
export class AssignmentModule {}
