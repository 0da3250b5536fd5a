import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AgentBotErrors,
  InboxEvents,
  type AgentBot,
  type CreateAgentBotInput,
  type UpdateAgentBotInput,
} from '@parley/contracts';
import { DomainError, Outbox, selectOneOrFail } from '@parley/service-kit';
import { checkHttpUrl } from '@parley/domain-rules';
import { DataSource } from 'typeorm';
import { InboxesService } from '../inboxes/inboxes.service';
import { toAgentBot } from './agent-bot.mapper';
import { AGENT_BOT_COLUMNS, type AgentBotRow } from './persistence/agent-bot.row';

/** Who a bot belongs to: an account, or null for the platform's bots (usable by every account). */
type Owner = number | null;

/** The bots an account's inboxes may use: its own and the platform's. */
const USABLE_BY_ACCOUNT = '(account_id = $1 OR account_id IS NULL)';

/** Bots (external webhook bots) an inbox can be connected to. */
@Injectable()
export class AgentBotsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inboxes: InboxesService,
    private readonly outbox: Outbox,
  ) {}

  async list(owner: Owner): Promise<AgentBot[]> {
    const rows: AgentBotRow[] = await this.dataSource.query(
      `SELECT ${AGENT_BOT_COLUMNS} FROM messaging.agent_bots WHERE account_id IS NOT DISTINCT FROM $1::int ORDER BY id`,
      [owner],
    );
    return rows.map(toAgentBot);
  }

  async show(owner: Owner, id: number): Promise<AgentBot> {
    return toAgentBot(await this.find(owner, id));
  }

  async create(accountId: Owner, input: CreateAgentBotInput): Promise<AgentBot> {
    const bot = { account_id: accountId, description: null, outgoing_url: null } as AgentBotRow;
    this.apply(bot, input, true);
    return this.outbox.transaction(async (tx, emit) => {
      const [row] = (await tx.query(
        `INSERT INTO messaging.agent_bots (account_id, name, description, outgoing_url) VALUES ($1, $2, $3, $4)
          RETURNING ${AGENT_BOT_COLUMNS}`,
        [accountId, bot.name, bot.description, bot.outgoing_url],
      )) as AgentBotRow[];
      const created = toAgentBot(row);
      await emit(InboxEvents.agentBotCreated, accountId, { agent_bot: created });
      return created;
    });
  }

  async update(accountId: Owner, id: number, input: UpdateAgentBotInput): Promise<AgentBot> {
    const bot = await this.find(accountId, id);
    this.apply(bot, input, false);
    return this.outbox.transaction(async (tx, emit) => {
      // updated_at moves only when a value changes.
      const [rows] = (await tx.query(
        `UPDATE messaging.agent_bots
            SET name = $3, description = $4, outgoing_url = $5,
                updated_at = CASE WHEN (name, description, outgoing_url) IS DISTINCT FROM ($3, $4, $5)
                                  THEN now() ELSE updated_at END
          WHERE account_id IS NOT DISTINCT FROM $1::int AND id = $2
          RETURNING ${AGENT_BOT_COLUMNS}`,
        [accountId, id, bot.name, bot.description, bot.outgoing_url],
      )) as [AgentBotRow[], number];
      if (!rows[0]) throw new DomainError(AgentBotErrors.notFound, 'Agent bot not found');
      const updated = toAgentBot(rows[0]);
      await emit(InboxEvents.agentBotUpdated, accountId, { agent_bot: updated });
      return updated;
    });
  }

  /** Inboxes connected to the bot are disconnected (the foreign key sets them to none), in every account for a platform bot. */
  async delete(accountId: Owner, id: number): Promise<null> {
    const bot = await this.find(accountId, id);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.query('DELETE FROM messaging.agent_bots WHERE id = $1', [bot.id]);
      await emit(InboxEvents.agentBotDeleted, accountId, { agent_bot: toAgentBot(bot) });
    });
    return null;
  }

  async ofInbox(accountId: number, inboxId: number): Promise<AgentBot | null> {
    const botId = await this.inboxes.agentBotId(accountId, inboxId);
    if (botId === null) return null;
    return toAgentBot(await this.usable(accountId, botId));
  }

  /** Connects a bot of the same account or of the platform to the inbox, or disconnects with null. */
  async connect(accountId: number, inboxId: number, botId: number | null): Promise<null> {
    await this.inboxes.find(accountId, inboxId);
    const exists = async (id: number) =>
      (
        (await this.dataSource.query(`SELECT 1 FROM messaging.agent_bots WHERE ${USABLE_BY_ACCOUNT} AND id = $2`, [
          accountId,
          id,
        ])) as unknown[]
      ).length > 0;
    if (botId !== null && !(await exists(botId))) {
      throw new DomainError(AgentBotErrors.missing, 'Agent bot does not exist', ['agent_bot']);
    }
    await this.inboxes.setAgentBot(accountId, inboxId, botId);
    return null;
  }

  private apply(bot: AgentBotRow, input: UpdateAgentBotInput, creating: boolean): void {
    if (creating || input.name !== undefined) {
      const name = input.name?.trim();
      if (!name) throw new DomainError(AgentBotErrors.nameBlank, "Name can't be blank", ['name']);
      bot.name = name;
    }
    if (input.description !== undefined) bot.description = input.description?.trim() || null;
    if (input.outgoing_url !== undefined) {
      const url = checkHttpUrl(input.outgoing_url, 'Outgoing URL');
      if ('problem' in url) throw new DomainError(AgentBotErrors.outgoingUrlInvalid, url.problem, ['outgoing_url']);
      bot.outgoing_url = url.value;
    }
  }

  /** A bot of exactly this owner: an account's own bots are managed through the account, the platform's through the Platform API. */
  private find(owner: Owner, id: number): Promise<AgentBotRow> {
    return selectOneOrFail<AgentBotRow>(
      this.dataSource,
      `SELECT ${AGENT_BOT_COLUMNS} FROM messaging.agent_bots WHERE account_id IS NOT DISTINCT FROM $1::int AND id = $2`,
      [owner, id],
      'Agent bot',
      AgentBotErrors.notFound,
    );
  }

  private usable(accountId: number, id: number): Promise<AgentBotRow> {
    return selectOneOrFail<AgentBotRow>(
      this.dataSource,
      `SELECT ${AGENT_BOT_COLUMNS} FROM messaging.agent_bots WHERE ${USABLE_BY_ACCOUNT} AND id = $2`,
      [accountId, id],
      'Agent bot',
      AgentBotErrors.notFound,
    );
  }
}
