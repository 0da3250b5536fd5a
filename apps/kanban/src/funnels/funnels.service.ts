import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { KanbanErrors, type Funnel, type FunnelInput, type FunnelStage, type StageInput } from '@parley/contracts';
import { DomainError, isForeignKeyViolation } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import {
  checkedDefinitions,
  checkedName,
  checkedStage,
  checkedStages,
  reorderedStages,
  stageIdFor,
} from './funnel.rules';
import { toFunnel } from './funnel.mapper';
import { FunnelsLoader } from './funnels.loader';
import { FUNNEL_COLUMNS, type FunnelRow } from './persistence/funnel.row';

/** Funnels and their stages. Archiving is `active: false`; deleting removes the funnel's cards with it. */
@Injectable()
export class FunnelsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly loader: FunnelsLoader,
  ) {}

  async list(accountId: number, includeArchived: boolean): Promise<Funnel[]> {
    const rows: FunnelRow[] = await this.dataSource.query(
      `SELECT ${FUNNEL_COLUMNS} FROM kanban.funnels WHERE account_id = $1 AND (active OR $2) ORDER BY id`,
      [accountId, includeArchived],
    );
    const funnels: Funnel[] = [];
    for (const row of rows) funnels.push(toFunnel(row, await this.loader.stagesOf(row.id)));
    return funnels;
  }

  show(accountId: number, id: number): Promise<Funnel> {
    return this.loader.funnel(accountId, id);
  }

  async create(accountId: number, input: FunnelInput): Promise<Funnel> {
    const name = checkedName(input.name);
    const stages = checkedStages(input.stages);
    const definitions = checkedDefinitions(input.global_custom_attributes ?? []);
    const settings = checkedSettings(input.settings ?? {});
    const id = await this.dataSource.transaction(async (tx) => {
      if (input.is_default) await clearDefault(tx, accountId);
      const [row]: Array<{ id: number }> = await tx.query(
        `INSERT INTO kanban.funnels (account_id, name, description, active, is_default, settings, global_custom_attributes)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          accountId,
          name,
          input.description ?? null,
          input.active ?? true,
          input.is_default ?? false,
          JSON.stringify(settings),
          JSON.stringify(definitions),
        ],
      );
      await insertStages(tx, row.id, stages);
      return row.id;
    });
    return this.loader.funnel(accountId, id);
  }

  /**
   * Fields given replace the stored ones; a `stages` map replaces the stage set (a stage left
   * out that still has cards → 422: delete it through /kanban/stages with a fallback).
   */
  async update(accountId: number, id: number, input: FunnelInput): Promise<Funnel> {
    const row = await this.loader.funnelRow(accountId, id, 'path');
    const name = input.name === undefined ? row.name : checkedName(input.name);
    const stages = input.stages === undefined ? null : checkedStages(input.stages);
    const definitions =
      input.global_custom_attributes === undefined
        ? row.global_custom_attributes
        : checkedDefinitions(input.global_custom_attributes);
    const settings = input.settings === undefined ? row.settings : checkedSettings(input.settings);
    await this.dataSource.transaction(async (tx) => {
      if (input.is_default === true) await clearDefault(tx, accountId);
      await tx.query(
        `UPDATE kanban.funnels SET name = $2, description = $3, active = $4, is_default = $5, settings = $6, global_custom_attributes = $7, updated_at = now() WHERE id = $1`,
        [
          id,
          name,
          input.description === undefined ? row.description : input.description,
          input.active ?? row.active,
          input.is_default ?? row.is_default,
          JSON.stringify(settings),
          JSON.stringify(definitions),
        ],
      );
      if (stages) {
        await tx
          .query('DELETE FROM kanban.stages WHERE funnel_id = $1 AND NOT (key = ANY($2))', [
            id,
            stages.map((stage) => stage.id),
          ])
          .catch(stagesInUse);
        await insertStages(tx, id, stages);
      }
    });
    return this.loader.funnel(accountId, id);
  }

  /** A deleted account's funnels, and with them (foreign keys) their stages, cards and automations; answers their ids. */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<number[]> {
    const [rows]: [Array<{ id: number }>, number] = await tx.query(
      'DELETE FROM kanban.funnels WHERE account_id = $1 RETURNING id',
      [accountId],
    );
    return rows.map((row) => row.id);
  }

  async delete(accountId: number, id: number): Promise<null> {
    await this.loader.funnelRow(accountId, id, 'path');
    await this.dataSource.query('DELETE FROM kanban.funnels WHERE id = $1 AND account_id = $2', [id, accountId]);
    return null;
  }

  async reorder(accountId: number, id: number, order: string[]): Promise<Funnel> {
    await this.dataSource.transaction(async (tx) => {
      await this.loader.funnelRow(accountId, id, 'path', tx);
      const keys = (await this.loader.stagesOf(id, tx)).map((stage) => stage.key);
      const next = reorderedStages(keys, order);
      await tx.query(
        `UPDATE kanban.stages s SET position = o.position FROM unnest($2::text[]) WITH ORDINALITY AS o(key, position) WHERE s.funnel_id = $1 AND s.key = o.key`,
        [id, next],
      );
      await tx.query('UPDATE kanban.funnels SET updated_at = now() WHERE id = $1', [id]);
    });
    return this.loader.funnel(accountId, id);
  }

  async stages(accountId: number, funnelId: number): Promise<FunnelStage[]> {
    return Object.values((await this.loader.funnel(accountId, funnelId, 'body')).stages);
  }

  async stage(accountId: number, funnelId: number | undefined, stageId: string): Promise<FunnelStage> {
    const owner = await this.loader.funnelOfStage(accountId, funnelId, stageId);
    const stage = (await this.loader.funnel(accountId, owner, 'body')).stages[stageId];
    if (!stage) throw new DomainError(KanbanErrors.stageNotFound, `Stage ${stageId} not found`);
    return stage;
  }

  async createStage(accountId: number, funnelId: number, input: StageInput): Promise<FunnelStage> {
    const funnel = await this.loader.funnel(accountId, funnelId, 'body');
    const taken = Object.keys(funnel.stages);
    const id = input.id ?? stageIdFor(String(input.name ?? ''), taken);
    if (taken.includes(id))
      throw new DomainError(KanbanErrors.stageInvalid, `Stage ${id} already exists in this funnel`, ['stage.id']);
    const position = input.position ?? Math.max(0, ...Object.values(funnel.stages).map((stage) => stage.position)) + 1;
    const stage = checkedStage(id, { ...input, id, position }, 'stage');
    await insertStages(this.dataSource.manager, funnelId, [stage]);
    return stage;
  }

  async updateStage(accountId: number, funnelId: number, stageId: string, input: StageInput): Promise<FunnelStage> {
    const current = await this.stage(accountId, funnelId, stageId);
    const stage = checkedStage(stageId, { ...current, ...definedOf(input), id: stageId }, 'stage');
    await insertStages(this.dataSource.manager, funnelId, [stage]);
    return stage;
  }

  /** Removes a stage that has no cards left (the caller moved them first, in `tx`). */
  async removeStage(tx: EntityManager, funnelId: number, stageId: string): Promise<void> {
    const [, count] = (await tx
      .query('DELETE FROM kanban.stages WHERE funnel_id = $1 AND key = $2', [funnelId, stageId])
      .catch(stagesInUse)) as [unknown, number];
    if (count === 0) throw new DomainError(KanbanErrors.stageNotFound, `Stage ${stageId} not found`);
  }
}

async function clearDefault(tx: EntityManager, accountId: number): Promise<void> {
  await tx.query(
    'UPDATE kanban.funnels SET is_default = false, updated_at = now() WHERE account_id = $1 AND is_default',
    [accountId],
  );
}

async function insertStages(tx: EntityManager, funnelId: number, stages: FunnelStage[]): Promise<void> {
  await tx.query(
    `INSERT INTO kanban.stages (funnel_id, key, name, color, position, description)
     SELECT $1, s.key, s.name, s.color, s.position, s.description FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[]) AS s(key, name, color, position, description)
     ON CONFLICT (funnel_id, key) DO UPDATE SET name = EXCLUDED.name, color = EXCLUDED.color, position = EXCLUDED.position, description = EXCLUDED.description`,
    [
      funnelId,
      stages.map((s) => s.id),
      stages.map((s) => s.name),
      stages.map((s) => s.color),
      stages.map((s) => s.position),
      stages.map((s) => s.description),
    ],
  );
}

function checkedSettings(settings: unknown): Record<string, unknown> {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
    throw new DomainError(KanbanErrors.funnelInvalid, 'Settings must be an object', ['settings']);
  return settings as Record<string, unknown>;
}

function definedOf<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** A stage still holding cards cannot go (the cards' foreign key says so). */
function stagesInUse(error: unknown): never {
  if (isForeignKeyViolation(error)) {
    throw new DomainError(
      KanbanErrors.stageInvalid,
      'A stage that still has cards cannot be removed: delete it with a fallback_stage_id',
      ['stages'],
    );
  }
  throw error;
}
