import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ConversationPatterns,
  MACRO_ACTION_NAMES,
  MacroErrors,
  type AccountScoped,
  type CreateMacroInput,
  type Macro,
  type MacroExecution,
  type RuleAction,
  type UpdateMacroInput,
} from '@parley/contracts';
import {
  currentRequestContext,
  DomainError,
  RpcClient,
  runInRequestContext,
  selectOneOrFail,
} from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountReferencesAdapter } from '../conversation-actions/account-references.adapter';
import { checkActions } from '../conversation-actions/action-params.rules';
import { ConversationActionsAdapter } from '../conversation-actions/conversation-actions.adapter';
import { assertCanEdit, assertCanUse } from './macro-access.rules';
import { toMacro } from './macro.mapper';
import { MACRO_COLUMNS, type MacroRow } from './persistence/macro.row';

/** Macros: actions an agent runs on conversations by hand, global (administrators edit) or personal (the creator's). */
@Injectable()
export class MacrosService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly references: AccountReferencesAdapter,
    private readonly actions: ConversationActionsAdapter,
    private readonly rpc: RpcClient,
  ) {}

  /** A deleted account's macros. */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM automation.macros WHERE account_id = $1', [accountId]);
  }

  async list(scope: AccountScoped): Promise<Macro[]> {
    const rows: MacroRow[] = await this.dataSource.query(
      `SELECT ${MACRO_COLUMNS} FROM automation.macros
        WHERE account_id = $1 AND (visibility = 'global' OR (visibility = 'personal' AND created_by = $2)) ORDER BY id`,
      [scope.account_id, scope.caller.user_id],
    );
    return rows.map(toMacro);
  }

  async show(scope: AccountScoped, id: number): Promise<Macro> {
    const macro = await this.find(scope.account_id, id);
    assertCanUse(scope.caller, macro);
    return toMacro(macro);
  }

  async create(scope: AccountScoped, input: CreateMacroInput): Promise<Macro> {
    const visibility = input.visibility ?? 'personal';
    assertCanEdit(scope.caller, { visibility, created_by: scope.caller.user_id });
    const name = checkedName(input.name);
    const actions = await this.checkedActions(scope, input.actions);
    const [row]: MacroRow[] = await this.dataSource.query(
      `INSERT INTO automation.macros (account_id, name, visibility, actions, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${MACRO_COLUMNS}`,
      [scope.account_id, name, visibility, JSON.stringify(actions), scope.caller.user_id],
    );
    return toMacro(row);
  }

  /** Checked as it is and as it would become: an agent can neither edit a global macro nor make one. */
  async update(scope: AccountScoped, id: number, input: UpdateMacroInput): Promise<Macro> {
    const current = await this.find(scope.account_id, id);
    assertCanEdit(scope.caller, current);
    if (input.visibility !== undefined)
      assertCanEdit(scope.caller, { visibility: input.visibility, created_by: current.created_by });
    const name = input.name !== undefined ? checkedName(input.name) : current.name;
    const visibility = input.visibility ?? current.visibility;
    const actions = input.actions !== undefined ? await this.checkedActions(scope, input.actions) : current.actions;
    // updated_at moves only when a value changes.
    const [rows] = (await this.dataSource.query(
      `UPDATE automation.macros
          SET name = $2, visibility = $3, actions = $4,
              updated_at = CASE WHEN (name, visibility, actions) IS DISTINCT FROM ($2::text, $3::text, $4::jsonb) THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${MACRO_COLUMNS}`,
      [id, name, visibility, JSON.stringify(actions)],
    )) as [MacroRow[], number];
    if (!rows[0]) throw new DomainError(MacroErrors.notFound, 'Macro not found');
    return toMacro(rows[0]);
  }

  async delete(scope: AccountScoped, id: number): Promise<null> {
    const current = await this.find(scope.account_id, id);
    assertCanEdit(scope.caller, current);
    await this.dataSource.query('DELETE FROM automation.macros WHERE id = $1', [current.id]);
    return null;
  }

  /**
   * Applies the actions in order to each conversation, as the caller. Every conversation is
   * fetched first with the caller's access, so one they cannot reach (404/403) stops the request
   * before anything is applied. Its changes carry the origin `macro:<id>`: they do trigger rules.
   */
  async execute(scope: AccountScoped, id: number, conversationIds: number[]): Promise<MacroExecution> {
    const macro = await this.find(scope.account_id, id);
    assertCanUse(scope.caller, macro);
    const ids = [...new Set(conversationIds)];
    const conversations = await Promise.all(
      ids.map((displayId) => this.rpc.send(ConversationPatterns.show, { ...scopeOf(scope), display_id: displayId })),
    );
    const context = {
      correlationId: currentRequestContext()?.correlationId ?? randomUUID(),
      caller: scope.caller,
      origin: `macro:${macro.id}`,
    };
    return runInRequestContext(context, async () => {
      const payload: MacroExecution['payload'] = [];
      for (const conversation of conversations) {
        const target = { scope: scopeOf(scope), conversation, occurredAt: new Date() };
        const execution = randomUUID();
        const { outcomes } = await this.actions.applyInOrder(
          macro.actions,
          target,
          (index) => `macro:${execution}:${index}`,
        );
        payload.push({ conversation_id: conversation.id, actions: outcomes });
      }
      return { payload };
    });
  }

  private async checkedActions(scope: AccountScoped, actions: RuleAction[]): Promise<RuleAction[]> {
    const refs = await this.references.references(scope, actions);
    return checkActions(actions, refs, { allowed: MACRO_ACTION_NAMES, code: MacroErrors.invalidActions });
  }

  private find(accountId: number, id: number): Promise<MacroRow> {
    return selectOneOrFail(
      this.dataSource,
      `SELECT ${MACRO_COLUMNS} FROM automation.macros WHERE account_id = $1 AND id = $2`,
      [accountId, id],
      'Macro',
      MacroErrors.notFound,
    );
  }
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new DomainError(MacroErrors.nameBlank, "Name can't be blank", ['name']);
  return trimmed;
}

/** Only the account and the caller travel on: the request's other fields are not a command's. */
function scopeOf(scope: AccountScoped): AccountScoped {
  return { account_id: scope.account_id, caller: scope.caller };
}
