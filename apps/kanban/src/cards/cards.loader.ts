import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { KanbanErrors } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';

/** Whether cards exist in an account, for the features that hang work on cards. */
@Injectable()
export class CardsLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The card named by a path: one of the account's, else 404. */
  async assertCard(accountId: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (!(await this.exists(accountId, id, manager))) throw new DomainError(KanbanErrors.itemNotFound, 'Kanban item not found');
  }

  async exists(accountId: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [row]: Array<{ id: number }> = await manager.query('SELECT id FROM kanban.cards WHERE account_id = $1 AND id = $2', [accountId, id]);
    return row !== undefined;
  }
}
