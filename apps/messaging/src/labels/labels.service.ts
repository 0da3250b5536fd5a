import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  LABEL_DEFAULT_COLOR,
  LabelErrors,
  LabelEvents,
  type CreateLabelInput,
  type Label,
  type UpdateLabelInput,
} from '@parley/contracts';
import { changedAttributes, DomainError, findOneOrFail, isUniqueViolation, Outbox } from '@parley/service-kit';
import { Repository } from 'typeorm';
import { normaliseColor, normaliseTitle } from './label.rules';
import { toLabel } from './label.mapper';
import { LabelEntity } from './persistence/label.orm-entity';

const LABEL_FIELDS: Array<keyof Label> = ['title', 'description', 'color', 'show_on_sidebar'];

@Injectable()
export class LabelsService {
  constructor(
    @InjectRepository(LabelEntity) private readonly labels: Repository<LabelEntity>,
    private readonly outbox: Outbox,
  ) {}

  async list(accountId: number): Promise<Label[]> {
    const rows = await this.labels.find({ where: { accountId }, order: { title: 'ASC' } });
    return rows.map(toLabel);
  }

  async show(accountId: number, id: number): Promise<Label> {
    return toLabel(await this.find(accountId, id));
  }

  async create(accountId: number, input: CreateLabelInput): Promise<Label> {
    const entity = this.labels.create({
      accountId,
      title: normaliseTitle(input.title),
      description: input.description?.trim() || null,
      color: input.color ? normaliseColor(input.color) : LABEL_DEFAULT_COLOR,
      showOnSidebar: input.show_on_sidebar ?? true,
    });
    return this.saveUnique(async (tx, emit) => {
      const label = toLabel(await tx.save(entity));
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
    if (input.show_on_sidebar !== undefined) entity.showOnSidebar = input.show_on_sidebar;
    const changes = changedAttributes(before, toLabel(entity), LABEL_FIELDS);
    if (changes.length === 0) return before;
    return this.saveUnique(async (tx, emit) => {
      const label = toLabel(await tx.save(entity));
      await emit(LabelEvents.updated, accountId, { label, changed_attributes: changes });
      return label;
    });
  }

  /** Other contexts drop the label from their records when they see `label.deleted`. */
  async delete(accountId: number, id: number): Promise<null> {
    const entity = await this.find(accountId, id);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.delete(LabelEntity, { id: entity.id });
      await emit(LabelEvents.deleted, accountId, { label: toLabel(entity) });
    });
    return null;
  }

  private find(accountId: number, id: number): Promise<LabelEntity> {
    return findOneOrFail(this.labels, { accountId, id }, 'Label', LabelErrors.notFound);
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
