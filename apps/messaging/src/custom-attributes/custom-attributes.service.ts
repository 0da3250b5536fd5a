import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ATTRIBUTE_DISPLAY_TYPES,
  ATTRIBUTE_MODELS,
  CustomAttributeErrors,
  CustomAttributeEvents,
  type AttributeDisplayType,
  type AttributeModel,
  type AttributeValue,
  type CreateCustomAttributeDefinitionInput,
  type CustomAttributeDefinition,
  type UpdateCustomAttributeDefinitionInput,
} from '@parley/contracts';
import { BadRequestError, DomainError, findOneOrFail, isUniqueViolation, Outbox, type Emit } from '@parley/service-kit';
import { attributeValueProblem, safeRegex } from '@parley/domain-rules';
import { Repository } from 'typeorm';
import { attributeKeyFor } from './attribute-key.rules';
import { CustomAttributeDefinitionEntity } from './persistence/custom-attribute-definition.orm-entity';
import { toDefinition } from './custom-attribute.mapper';

/** An enum given as its integer code or its name. */
function enumValue<T extends string>(values: readonly T[], raw: T | number, field: string): T {
  const value = typeof raw === 'number' ? values[raw] : values.find((candidate) => candidate === raw);
  if (value === undefined)
    throw new BadRequestError(`${field}: must be one of ${values.join(', ')} (or 0–${values.length - 1})`);
  return value;
}

export function attributeModelOf(raw: AttributeModel | number): AttributeModel {
  return enumValue(ATTRIBUTE_MODELS, raw, 'attribute_model');
}

@Injectable()
export class CustomAttributesService {
  constructor(
    @InjectRepository(CustomAttributeDefinitionEntity)
    private readonly definitions: Repository<CustomAttributeDefinitionEntity>,
    private readonly outbox: Outbox,
  ) {}

  async list(accountId: number, model?: AttributeModel): Promise<CustomAttributeDefinition[]> {
    const rows = await this.definitions.find({
      where: model ? { accountId, model } : { accountId },
      order: { id: 'ASC' },
    });
    return rows.map(toDefinition);
  }

  async show(accountId: number, id: number): Promise<CustomAttributeDefinition> {
    return toDefinition(await this.find(accountId, id));
  }

  async create(accountId: number, input: CreateCustomAttributeDefinitionInput): Promise<CustomAttributeDefinition> {
    const entity = this.definitions.create({
      accountId,
      values: [],
      description: null,
      regexPattern: null,
      regexCue: null,
      defaultValue: null,
    });
    this.apply(entity, input, true);
    return this.save(entity, async (saved, emit) =>
      emit(CustomAttributeEvents.created, accountId, { definition: saved }),
    );
  }

  async update(
    accountId: number,
    id: number,
    input: UpdateCustomAttributeDefinitionInput,
  ): Promise<CustomAttributeDefinition> {
    const entity = await this.find(accountId, id);
    const previousKey = entity.key;
    this.apply(entity, input, false);
    return this.save(entity, async (saved, emit) =>
      emit(CustomAttributeEvents.updated, accountId, { definition: saved, previous_key: previousKey }),
    );
  }

  /** The owners of stored values (conversations, contacts) erase the key when they see the event. */
  async delete(accountId: number, id: number): Promise<null> {
    const entity = await this.find(accountId, id);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.delete(CustomAttributeDefinitionEntity, { id: entity.id });
      await emit(CustomAttributeEvents.deleted, accountId, { definition: toDefinition(entity) });
    });
    return null;
  }

  private apply(
    entity: CustomAttributeDefinitionEntity,
    input: UpdateCustomAttributeDefinitionInput,
    creating: boolean,
  ): void {
    if (creating || input.attribute_display_name !== undefined) {
      const name = input.attribute_display_name?.trim();
      if (!name)
        throw new DomainError(CustomAttributeErrors.displayNameBlank, "Attribute display name can't be blank", [
          'attribute_display_name',
        ]);
      entity.displayName = name;
    }
    if (input.attribute_display_type !== undefined) {
      entity.displayType = enumValue<AttributeDisplayType>(
        ATTRIBUTE_DISPLAY_TYPES,
        input.attribute_display_type,
        'attribute_display_type',
      );
    }
    if (input.attribute_model !== undefined) entity.model = attributeModelOf(input.attribute_model);
    if (creating || input.attribute_key !== undefined)
      entity.key = attributeKeyFor(input.attribute_key, entity.displayName);
    if (input.attribute_description !== undefined) entity.description = input.attribute_description?.trim() || null;
    if (input.attribute_values !== undefined)
      entity.values = (input.attribute_values ?? []).map((value) => value.trim());
    if (input.regex_pattern !== undefined) entity.regexPattern = input.regex_pattern?.trim() || null;
    if (input.regex_cue !== undefined) entity.regexCue = input.regex_cue?.trim() || null;
    if (input.default_value !== undefined) entity.defaultValue = (input.default_value ?? null) as AttributeValue | null;
    this.assertConsistent(entity);
  }

  /** Values only (and always) for lists; a pattern only for text, and one that compiles. */
  private assertConsistent(entity: CustomAttributeDefinitionEntity): void {
    if (entity.displayType === 'list') {
      if (entity.values.length === 0 || entity.values.some((value) => !value)) {
        throw new DomainError(
          CustomAttributeErrors.valuesRequired,
          'Attribute values are required for a list: give non-blank strings',
          ['attribute_values'],
        );
      }
      if (new Set(entity.values).size !== entity.values.length) {
        throw new DomainError(CustomAttributeErrors.valuesRepeated, 'Attribute values must not repeat', [
          'attribute_values',
        ]);
      }
    } else if (entity.values.length > 0) {
      throw new DomainError(
        CustomAttributeErrors.valuesNotAllowed,
        'Attribute values are only allowed for list attributes',
        ['attribute_values'],
      );
    }
    if (entity.regexPattern) {
      if (entity.displayType !== 'text')
        throw new DomainError(
          CustomAttributeErrors.regexNotAllowed,
          'Regex pattern is only allowed for text attributes',
          ['regex_pattern'],
        );
      if (!safeRegex(entity.regexPattern))
        throw new DomainError(CustomAttributeErrors.regexInvalid, 'Regex pattern is not a valid regular expression', [
          'regex_pattern',
        ]);
    }
    // Checked whenever the definition changes: a new type or list may no longer admit the default.
    const rule = {
      attribute_key: entity.key,
      attribute_display_name: 'Default value',
      attribute_display_type: entity.displayType,
      attribute_values: entity.values,
      regex_pattern: entity.regexPattern,
      regex_cue: entity.regexCue,
    };
    const problem = attributeValueProblem(rule, entity.defaultValue);
    if (problem) throw new DomainError(CustomAttributeErrors.defaultValueInvalid, problem, ['default_value']);
  }

  private find(accountId: number, id: number): Promise<CustomAttributeDefinitionEntity> {
    return findOneOrFail(
      this.definitions,
      { accountId, id },
      'Custom attribute definition',
      CustomAttributeErrors.notFound,
    );
  }

  private async save(
    entity: CustomAttributeDefinitionEntity,
    announce: (saved: CustomAttributeDefinition, emit: Emit) => Promise<void>,
  ): Promise<CustomAttributeDefinition> {
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        const saved = toDefinition(await tx.save(entity));
        await announce(saved, emit);
        return saved;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(CustomAttributeErrors.keyTaken, 'Attribute key has already been taken', [
          'attribute_key',
        ]);
      throw error;
    }
  }
}
