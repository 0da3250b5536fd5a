import { Injectable } from '@nestjs/common';
import {
  AgentPatterns,
  CustomAttributePatterns,
  LabelPatterns,
  MessagePatterns,
  TeamPatterns,
  type AccountScoped,
  type CustomAttributeDefinition,
  type RuleAction,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { attachmentIdsOf, referencesNeeded, type AccountReferences } from './action-params.rules';

const NONE: ReadonlySet<never> = new Set();

/**
 * What a rule may name in the account, asked of messaging (its owner) at validation time, so an
 * agent, team or label created a moment ago validates (read your writes) without a read model.
 */
@Injectable()
export class AccountReferencesAdapter {
  constructor(private readonly rpc: RpcClient) {}

  async references(scope: AccountScoped, actions: readonly RuleAction[]): Promise<AccountReferences> {
    const scoped = { account_id: scope.account_id, caller: scope.caller };
    const needed = referencesNeeded(actions);
    const attachmentIds = attachmentIdsOf(actions);
    const [agents, teams, labels, attachments] = await Promise.all([
      needed.has('agentIds') ? this.rpc.send(AgentPatterns.list, scoped) : null,
      needed.has('teamIds') ? this.rpc.send(TeamPatterns.list, scoped) : null,
      needed.has('labelTitles') ? this.rpc.send(LabelPatterns.list, scoped) : null,
      attachmentIds.length > 0
        ? this.rpc.send(MessagePatterns.existingAttachments, { ...scoped, ids: attachmentIds })
        : null,
    ]);
    return {
      agentIds: agents ? new Set(agents.map((agent) => agent.id)) : NONE,
      teamIds: teams ? new Set(teams.map((team) => team.id)) : NONE,
      labelTitles: labels ? new Set(labels.map((label) => label.title.toLowerCase())) : NONE,
      attachmentIds: attachments ? new Set(attachments) : NONE,
    };
  }

  attributeDefinitions(scope: AccountScoped): Promise<CustomAttributeDefinition[]> {
    return this.rpc.send(CustomAttributePatterns.list, { account_id: scope.account_id, caller: scope.caller });
  }
}
