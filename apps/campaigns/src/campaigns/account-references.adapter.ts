import { Injectable } from '@nestjs/common';
import {
  AgentPatterns,
  CampaignErrors,
  ContactLookupPatterns,
  LabelPatterns,
  type AccountScoped,
  type CampaignAudienceEntry,
  type ContactSnapshot,
} from '@parley/contracts';
import { DomainError, RpcClient } from '@parley/service-kit';

/**
 * What a campaign names in the account, asked of the owners (messaging for labels and agents,
 * contacts for the audience), so a label or contact made a moment ago counts (read your writes).
 */
@Injectable()
export class AccountReferencesAdapter {
  constructor(private readonly rpc: RpcClient) {}

  /** The titles of the audience's labels; `strict`: an id the account does not have is a 422, otherwise it is skipped (deleted since). */
  async labelTitles(
    scope: AccountScoped,
    audience: readonly CampaignAudienceEntry[],
    strict: boolean,
  ): Promise<string[]> {
    if (audience.length === 0) return [];
    const labels = await this.rpc.send(LabelPatterns.list, { account_id: scope.account_id, caller: scope.caller });
    const byId = new Map(labels.map((label) => [label.id, label.title]));
    const unknown = audience.filter((entry) => !byId.has(entry.id)).map((entry) => entry.id);
    if (strict && unknown.length > 0)
      throw new DomainError(CampaignErrors.labelsUnknown, `Unknown label ids: ${unknown.join(', ')}`, ['audience']);
    return [...new Set(audience.filter((entry) => byId.has(entry.id)).map((entry) => byId.get(entry.id)!))];
  }

  /** A page of the contacts carrying any of the titles, in id order after `afterId`. */
  contactsWithLabels(accountId: number, titles: string[], afterId: number, limit: number): Promise<ContactSnapshot[]> {
    return this.rpc.send(ContactLookupPatterns.withLabels, {
      account_id: accountId,
      labels: titles,
      after_id: afterId,
      limit,
    });
  }

  /** The contact as its owner has it now (null: none in the account). */
  contact(accountId: number, id: number): Promise<ContactSnapshot | null> {
    return this.rpc.send(ContactLookupPatterns.find, { account_id: accountId, id });
  }

  async isAgent(scope: AccountScoped, userId: number): Promise<boolean> {
    const agents = await this.rpc.send(AgentPatterns.list, { account_id: scope.account_id, caller: scope.caller });
    return agents.some((agent) => agent.id === userId);
  }
}
