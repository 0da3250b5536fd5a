import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  LABEL_DEFAULT_COLOR,
  LabelErrors,
  LabelEvents,
  type CreateLabelInput,
  type Label,
  type UpdateLabelInput,
} from '@parley/contracts';
import { changedAttributes, DomainError, isUniqueViolation, Outbox, selectOneOrFail } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { normaliseColor, normaliseTitle } from './label.rules';
import { toLabel } from './label.mapper';
import { LABEL_COLUMNS, type LabelRow } from './persistence/label.row';

const LABEL_FIELDS: Array<keyof Label> = ['title', 'description', 'color', 'show_on_sidebar'];

@Injectable()
export class LabelsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async list(accountId: number): Promise<Label[]> {
    const rows: LabelRow[] = await this.dataSource.query(
      `SELECT ${LABEL_COLUMNS} FROM messaging.labels WHERE account_id = $1 ORDER BY title`,
      [accountId],
    );
    return rows.map(toLabel);
  }

  async show(accountId: number, id: number): Promise<Label> {
    return toLabel(await this.find(accountId, id));
  }

  async create(accountId: number, input: CreateLabelInput): Promise<Label> {
    const values = [
      accountId,
      normaliseTitle(input.title),
      input.description?.trim() || null,
      input.color ? normaliseColor(input.color) : LABEL_DEFAULT_COLOR,
      input.show_on_sidebar ?? true,
    ];
    return this.saveUnique(async (tx, emit) => {
      const [row] = (await tx.query(
        `INSERT INTO messaging.labels (account_id, title, description, color, show_on_sidebar) VALUES ($1, $2, $3, $4, $5)
          RETURNING ${LABEL_COLUMNS}`,
        values,
      )) as LabelRow[];
      const label = toLabel(row);
      await emit(LabelEvents.created, accountId, { label });
      return label;
    });
  }

  async update(accountId: number, id: number, input: UpdateLabelInput): Promise<Label> {
    const entity = await this.find(accountId, id);
    const before = toLabel(entity);
    if (input.title !== undefined) entity.title = normaliseTitle(input.title);
    if (input.description !== undefined) entity.description = input.description?.trim() || null;
    if (input.color !== undefined) entity.color = normaliseColor(input.color);
    if (input.show_on_sidebar !== undefined) entity.show_on_sidebar = input.show_on_sidebar;
    const changes = changedAttributes(before, toLabel(entity), LABEL_FIELDS);
    if (changes.length === 0) return before;
    return this.saveUnique(async (tx, emit) => {
      const [rows] = (await tx.query(
        `UPDATE messaging.labels SET title = $2, description = $3, color = $4, show_on_sidebar = $5, updated_at = now()
          WHERE id = $1 RETURNING ${LABEL_COLUMNS}`,
        [entity.id, entity.title, entity.description, entity.color, entity.show_on_sidebar],
      )) as [LabelRow[], number];
      if (!rows[0]) throw new DomainError(LabelErrors.notFound, 'Label not found');
      const label = toLabel(rows[0]);
      await emit(LabelEvents.updated, accountId, { label, changed_attributes: changes });
      return label;
    });
  }

  /** Other contexts drop the label from their records when they see `label.deleted`. */
  async delete(accountId: number, id: number): Promise<null> {
    const entity = await this.find(accountId, id);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.query('DELETE FROM messaging.labels WHERE id = $1', [entity.id]);
      await emit(LabelEvents.deleted, accountId, { label: toLabel(entity) });
    });
    return null;
  }

  private find(accountId: number, id: number): Promise<LabelRow> {
    return selectOneOrFail<LabelRow>(
      this.dataSource,
      `SELECT ${LABEL_COLUMNS} FROM messaging.labels WHERE account_id = $1 AND id = $2`,
      [accountId, id],
      'Label',
      LabelErrors.notFound,
    );
  }

  /** The unique index decides duplicates, so two concurrent creates cannot both win. */
  private async saveUnique(work: Parameters<Outbox['transaction']>[0]): Promise<Label> {
    try {
      return (await this.outbox.transaction(work)) as Label;
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(LabelErrors.titleTaken, 'Title has already been taken', ['title']);
      throw error;
    }
  }
}
