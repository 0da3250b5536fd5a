import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AgentBotErrors,
  InboxEvents,
  type AgentBot,
  type CreateAgentBotInput,
  type UpdateAgentBotInput,
} from '@parley/contracts';
import { DomainError, findOneOrFail, Outbox } from '@parley/service-kit';
import { checkHttpUrl } from '@parley/domain-rules';
import { Repository } from 'typeorm';
import { InboxesService } from '../inboxes/inboxes.service';
import { toAgentBot } from './agent-bot.mapper';
import { AgentBotEntity } from './persistence/agent-bot.orm-entity';

/** Bots (external webhook bots) an inbox can be connected to. */
@Injectable()
export class AgentBotsService {
  constructor(
    @InjectRepository(AgentBotEntity) private readonly bots: Repository<AgentBotEntity>,
    private readonly inboxes: InboxesService,
    private readonly outbox: Outbox,
  ) {}

  async list(accountId: number): Promise<AgentBot[]> {
    return (await this.bots.find({ where: { accountId }, order: { id: 'ASC' } })).map(toAgentBot);
  }

  async show(accountId: number, id: number): Promise<AgentBot> {
    return toAgentBot(await this.find(accountId, id));
  }

  async create(accountId: number, input: CreateAgentBotInput): Promise<AgentBot> {
    const bot = this.bots.create({ accountId });
    this.apply(bot, input, true);
    return this.save(bot, InboxEvents.agentBotCreated);
  }

  async update(accountId: number, id: number, input: UpdateAgentBotInput): Promise<AgentBot> {
    const bot = await this.find(accountId, id);
    this.apply(bot, input, false);
    return this.save(bot, InboxEvents.agentBotUpdated);
  }

  /** Inboxes connected to the bot are disconnected (the foreign key sets them to none). */
  async delete(accountId: number, id: number): Promise<null> {
    const bot = await this.find(accountId, id);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.delete(AgentBotEntity, { id: bot.id });
      await emit(InboxEvents.agentBotDeleted, accountId, { agent_bot: toAgentBot(bot) });
    });
    return null;
  }

  async ofInbox(accountId: number, inboxId: number): Promise<AgentBot | null> {
    const botId = await this.inboxes.agentBotId(accountId, inboxId);
    if (botId === null) return null;
    return toAgentBot(await this.find(accountId, botId));
  }

  /** Connects a bot of the same account to the inbox, or disconnects with null. */
  async connect(accountId: number, inboxId: number, botId: number | null): Promise<null> {
    await this.inboxes.find(accountId, inboxId);
    if (botId !== null && !(await this.bots.existsBy({ accountId, id: botId }))) {
      throw new DomainError(AgentBotErrors.missing, 'Agent bot does not exist', ['agent_bot']);
    }
    await this.inboxes.setAgentBot(accountId, inboxId, botId);
    return null;
  }

  private apply(bot: AgentBotEntity, input: UpdateAgentBotInput, creating: boolean): void {
    if (creating || input.name !== undefined) {
      const name = input.name?.trim();
      if (!name) throw new DomainError(AgentBotErrors.nameBlank, "Name can't be blank", ['name']);
      bot.name = name;
    }
    if (input.description !== undefined) bot.description = input.description?.trim() || null;
    if (input.outgoing_url !== undefined) {
      const url = checkHttpUrl(input.outgoing_url, 'Outgoing URL');
      if ('problem' in url) throw new DomainError(AgentBotErrors.outgoingUrlInvalid, url.problem, ['outgoing_url']);
      bot.outgoingUrl = url.value;
    }
  }

  private find(accountId: number, id: number): Promise<AgentBotEntity> {
    return findOneOrFail(this.bots, { accountId, id }, 'Agent bot', AgentBotErrors.notFound);
  }

  private save(
    bot: AgentBotEntity,
    event: typeof InboxEvents.agentBotCreated | typeof InboxEvents.agentBotUpdated,
  ): Promise<AgentBot> {
    return this.outbox.transaction(async (tx, emit) => {
      const saved = toAgentBot(await tx.save(bot));
      await emit(event, saved.account_id, { agent_bot: saved });
      return saved;
    });
  }
}
