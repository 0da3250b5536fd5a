import { Injectable } from '@nestjs/common';
import { ConversationErrors } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { customAttributeProblems } from '@parley/domain-rules';
import type { EntityManager } from 'typeorm';
import { CustomAttributesLoader } from '../custom-attributes/custom-attributes.loader';
import { IdentityLoader } from '../identity/identity.loader';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { TeamsLoader } from '../teams/teams.loader';

/** What a conversation's assignee, team and custom attributes must be, at create and at each change. */
@Injectable()
export class ConversationChecksService {
  constructor(
    private readonly identity: IdentityLoader,
    private readonly inboxes: InboxesLoader,
    private readonly teams: TeamsLoader,
    private readonly attributes: CustomAttributesLoader,
  ) {}

  /** An assignee must be an agent of the account who can serve the inbox (administrators serve every inbox). */
  async assertAssignable(tx: EntityManager, accountId: number, inboxId: number, userId: number | null): Promise<void> {
    if (userId === null) return;
    const role = await this.identity.role(tx, accountId, userId);
    const serves = role === 'administrator' || (role !== null && (await this.inboxes.isMember(tx, inboxId, userId)));
    if (!serves)
      throw new DomainError(
        ConversationErrors.assigneeNotAllowed,
        'Assignee must be an agent of this account with access to the inbox',
        ['assignee_id'],
      );
  }

  async assertTeam(tx: EntityManager, accountId: number, teamId: number | null): Promise<void> {
    if (teamId === null) return;
    if (!(await this.teams.exists(tx, accountId, teamId)))
      throw new DomainError(ConversationErrors.teamMissing, 'Team does not exist', ['team_id']);
  }

  /** The attributes, when the account's conversation attribute definitions accept them. */
  async validatedAttributes(
    tx: EntityManager,
    accountId: number,
    attributes: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const rules = await this.attributes.conversationRules(tx, accountId);
    const problems = customAttributeProblems(rules, attributes);
    const keys = Object.keys(problems);
    if (keys.length > 0)
      throw new DomainError(
        ConversationErrors.customAttributesInvalid,
        keys.map((key) => problems[key]).join('; '),
        keys.map((key) => `custom_attributes.${key}`),
      );
    return attributes;
  }
}
