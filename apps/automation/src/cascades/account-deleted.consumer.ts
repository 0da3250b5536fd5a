import { Injectable } from '@nestjs/common';
import { IdentityEvents, type EventOf } from '@parley/contracts';
import { DeletedAccounts, OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { MacrosService } from '../macros/macros.service';
import { RulesService } from '../rules/rules.service';

/** A deleted account's rules (with their run logs) and macros go with it. */
@Injectable()
export class AccountDeletedConsumer {
  constructor(
    private readonly deletedAccounts: DeletedAccounts,
    private readonly rules: RulesService,
    private readonly macros: MacrosService,
  ) {}

  @OnEvent(IdentityEvents.accountDeleted, { purpose: 'automation_of_deleted_account' })
  async onAccountDeleted(event: EventOf<typeof IdentityEvents.accountDeleted>, tx: EntityManager): Promise<void> {
    await this.deletedAccounts.record(tx, event.data.id);
    await this.rules.deleteOfAccount(tx, event.data.id);
    await this.macros.deleteOfAccount(tx, event.data.id);
  }
}
