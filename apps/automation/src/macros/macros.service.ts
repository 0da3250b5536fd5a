import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
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
import { currentRequestContext, DomainError, findOneOrFail, RpcClient, runInRequestContext } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { Repository, type EntityManager } from 'typeorm';
import { AccountReferencesAdapter } from '../conversation-actions/account-references.adapter';
import { checkActions } from '../conversation-actions/action-params.rules';
import { ConversationActionsAdapter } from '../conversation-actions/conversation-actions.adapter';
import { assertCanEdit, assertCanUse } from './macro-access.rules';
import { toMacro } from './macro.mapper';
import { MacroEntity } from './persistence/macro.orm-entity';

/** Macros: actions an agent runs on conversations by hand, global (administrators edit) or personal (the creator's). */
@Injectable()
export class MacrosService {
  constructor(
    @InjectRepository(MacroEntity) private readonly macros: Repository<MacroEntity>,
    private readonly references: AccountReferencesAdapter,
    private readonly actions: ConversationActionsAdapter,
    private readonly rpc: RpcClient,
  ) {}

  /** A deleted account's macros. */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.delete(MacroEntity, { accountId });
  }

  async list(scope: AccountScoped): Promise<Macro[]> {
    const rows = await this.macros.find({
      where: [
        { accountId: scope.account_id, visibility: 'global' },
        { accountId: scope.account_id, visibility: 'personal', createdBy: scope.caller.user_id },
      ],
      order: { id: 'ASC' },
    });
    return rows.map(toMacro);
  }

  async show(scope: AccountScoped, id: number): Promise<Macro> {
    const macro = await this.find(scope.account_id, id);
    assertCanUse(scope.caller, macro);
    return toMacro(macro);
  }

  async create(scope: AccountScoped, input: CreateMacroInput): Promise<Macro> {
    const visibility = input.visibility ?? 'personal';
    assertCanEdit(scope.caller, { visibility, createdBy: scope.caller.user_id });
    const entity = this.macros.create({
      accountId: scope.account_id,
      name: checkedName(input.name),
      visibility,
      actions: await this.checkedActions(scope, input.actions),
      createdBy: scope.caller.user_id,
    });
    return toMacro(await this.macros.save(entity));
  }

  /** Checked as it is and as it would become: an agent can neither edit a global macro nor make one. */
  async update(scope: AccountScoped, id: number, input: UpdateMacroInput): Promise<Macro> {
    const entity = await this.find(scope.account_id, id);
    assertCanEdit(scope.caller, entity);
    if (input.visibility !== undefined) assertCanEdit(scope.caller, { visibility: input.visibility, createdBy: entity.createdBy });
    if (input.name !== undefined) entity.name = checkedName(input.name);
    if (input.visibility !== undefined) entity.visibility = input.visibility;
    if (input.actions !== undefined) entity.actions = await this.checkedActions(scope, input.actions);
    return toMacro(await this.macros.save(entity));
  }

  async delete(scope: AccountScoped, id: number): Promise<null> {
    const entity = await this.find(scope.account_id, id);
    assertCanEdit(scope.caller, entity);
    await this.macros.delete({ id: entity.id });
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
    const conversations = await Promise.all(ids.map((displayId) => this.rpc.send(ConversationPatterns.show, { ...scopeOf(scope), display_id: displayId })));
    const context = { correlationId: currentRequestContext()?.correlationId ?? randomUUID(), caller: scope.caller, origin: `macro:${macro.id}` };
    return runInRequestContext(context, async () => {
      const payload: MacroExecution['payload'] = [];
      for (const conversation of conversations) {
        const target = { scope: scopeOf(scope), conversation, occurredAt: new Date() };
        const execution = randomUUID();
        const { outcomes } = await this.actions.applyInOrder(macro.actions, target, (index) => `macro:${execution}:${index}`);
        payload.push({ conversation_id: conversation.id, actions: outcomes });
      }
      return { payload };
    });
  }

  private async checkedActions(scope: AccountScoped, actions: RuleAction[]): Promise<RuleAction[]> {
    const refs = await this.references.references(scope, actions);
    return checkActions(actions, refs, { allowed: MACRO_ACTION_NAMES, code: MacroErrors.invalidActions });
  }

  private find(accountId: number, id: number): Promise<MacroEntity> {
    return findOneOrFail(this.macros, { accountId, id }, 'Macro', MacroErrors.notFound);
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
