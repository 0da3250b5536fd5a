import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
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
import {
  BadRequestError,
  DomainError,
  isUniqueViolation,
  Outbox,
  selectOneOrFail,
  type Emit,
} from '@parley/service-kit';
import { attributeValueProblem, safeRegex } from '@parley/domain-rules';
import { DataSource, type EntityManager } from 'typeorm';
import { attributeKeyFor } from './attribute-key.rules';
import {
  CUSTOM_ATTRIBUTE_DEFINITION_COLUMNS as COLUMNS,
  type CustomAttributeDefinitionRow,
} from './persistence/custom-attribute-definition.row';
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async list(accountId: number, model?: AttributeModel): Promise<CustomAttributeDefinition[]> {
    const rows: CustomAttributeDefinitionRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM messaging.custom_attribute_definitions
        WHERE account_id = $1 AND ($2::text IS NULL OR attribute_model = $2) ORDER BY id`,
      [accountId, model ?? null],
    );
    return rows.map(toDefinition);
  }

  async show(accountId: number, id: number): Promise<CustomAttributeDefinition> {
    return toDefinition(await this.find(accountId, id));
  }

  async create(accountId: number, input: CreateCustomAttributeDefinitionInput): Promise<CustomAttributeDefinition> {
    const entity = {
      account_id: accountId,
      attribute_values: [],
      attribute_description: null,
      regex_pattern: null,
      regex_cue: null,
      default_value: null,
    } as unknown as CustomAttributeDefinitionRow;
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
    const previousKey = entity.attribute_key;
    this.apply(entity, input, false);
    return this.save(entity, async (saved, emit) =>
      emit(CustomAttributeEvents.updated, accountId, { definition: saved, previous_key: previousKey }),
    );
  }

  /** The owners of stored values (conversations, contacts) erase the key when they see the event. */
  async delete(accountId: number, id: number): Promise<null> {
    const entity = await this.find(accountId, id);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.query('DELETE FROM messaging.custom_attribute_definitions WHERE id = $1', [entity.id]);
      await emit(CustomAttributeEvents.deleted, accountId, { definition: toDefinition(entity) });
    });
    return null;
  }

  private apply(
    entity: CustomAttributeDefinitionRow,
    input: UpdateCustomAttributeDefinitionInput,
    creating: boolean,
  ): void {
    if (creating || input.attribute_display_name !== undefined) {
      const name = input.attribute_display_name?.trim();
      if (!name)
        throw new DomainError(CustomAttributeErrors.displayNameBlank, "Attribute display name can't be blank", [
          'attribute_display_name',
        ]);
      entity.attribute_display_name = name;
    }
    if (input.attribute_display_type !== undefined) {
      entity.attribute_display_type = enumValue<AttributeDisplayType>(
        ATTRIBUTE_DISPLAY_TYPES,
        input.attribute_display_type,
        'attribute_display_type',
      );
    }
    if (input.attribute_model !== undefined) entity.attribute_model = attributeModelOf(input.attribute_model);
    if (creating || input.attribute_key !== undefined)
      entity.attribute_key = attributeKeyFor(input.attribute_key, entity.attribute_display_name);
    if (input.attribute_description !== undefined)
      entity.attribute_description = input.attribute_description?.trim() || null;
    if (input.attribute_values !== undefined)
      entity.attribute_values = (input.attribute_values ?? []).map((value) => value.trim());
    if (input.regex_pattern !== undefined) entity.regex_pattern = input.regex_pattern?.trim() || null;
    if (input.regex_cue !== undefined) entity.regex_cue = input.regex_cue?.trim() || null;
    if (input.default_value !== undefined)
      entity.default_value = (input.default_value ?? null) as AttributeValue | null;
    this.assertConsistent(entity);
  }

  /** Values only (and always) for lists; a pattern only for text, and one that compiles. */
  private assertConsistent(entity: CustomAttributeDefinitionRow): void {
    if (entity.attribute_display_type === 'list') {
      if (entity.attribute_values.length === 0 || entity.attribute_values.some((value) => !value)) {
        throw new DomainError(
          CustomAttributeErrors.valuesRequired,
          'Attribute values are required for a list: give non-blank strings',
          ['attribute_values'],
        );
      }
      if (new Set(entity.attribute_values).size !== entity.attribute_values.length) {
        throw new DomainError(CustomAttributeErrors.valuesRepeated, 'Attribute values must not repeat', [
          'attribute_values',
        ]);
      }
    } else if (entity.attribute_values.length > 0) {
      throw new DomainError(
        CustomAttributeErrors.valuesNotAllowed,
        'Attribute values are only allowed for list attributes',
        ['attribute_values'],
      );
    }
    if (entity.regex_pattern) {
      if (entity.attribute_display_type !== 'text')
        throw new DomainError(
          CustomAttributeErrors.regexNotAllowed,
          'Regex pattern is only allowed for text attributes',
          ['regex_pattern'],
        );
      if (!safeRegex(entity.regex_pattern))
        throw new DomainError(CustomAttributeErrors.regexInvalid, 'Regex pattern is not a valid regular expression', [
          'regex_pattern',
        ]);
    }
    // Checked whenever the definition changes: a new type or list may no longer admit the default.
    const rule = {
      attribute_key: entity.attribute_key,
      attribute_display_name: 'Default value',
      attribute_display_type: entity.attribute_display_type,
      attribute_values: entity.attribute_values,
      regex_pattern: entity.regex_pattern,
      regex_cue: entity.regex_cue,
    };
    const problem = attributeValueProblem(rule, entity.default_value);
    if (problem) throw new DomainError(CustomAttributeErrors.defaultValueInvalid, problem, ['default_value']);
  }

  private find(accountId: number, id: number): Promise<CustomAttributeDefinitionRow> {
    return selectOneOrFail<CustomAttributeDefinitionRow>(
      this.dataSource,
      `SELECT ${COLUMNS} FROM messaging.custom_attribute_definitions WHERE account_id = $1 AND id = $2`,
      [accountId, id],
      'Custom attribute definition',
      CustomAttributeErrors.notFound,
    );
  }

  private async save(
    entity: CustomAttributeDefinitionRow,
    announce: (saved: CustomAttributeDefinition, emit: Emit) => Promise<void>,
  ): Promise<CustomAttributeDefinition> {
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        const saved = toDefinition(await this.write(tx, entity));
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

  /** Inserts a new definition or writes every column of an existing one; updated_at moves only on a change. */
  private async write(tx: EntityManager, row: CustomAttributeDefinitionRow): Promise<CustomAttributeDefinitionRow> {
    const values = [
      row.attribute_display_name,
      row.attribute_display_type,
      row.attribute_description,
      row.attribute_key,
      JSON.stringify(row.attribute_values),
      row.attribute_model,
      row.regex_pattern,
      row.regex_cue,
      row.default_value === null ? null : JSON.stringify(row.default_value),
    ];
    if (row.id === undefined) {
      const [inserted] = (await tx.query(
        `INSERT INTO messaging.custom_attribute_definitions (account_id, attribute_display_name, attribute_display_type,
           attribute_description, attribute_key, attribute_values, attribute_model, regex_pattern, regex_cue, default_value)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
        [row.account_id, ...values],
      )) as CustomAttributeDefinitionRow[];
      return inserted;
    }
    const [rows] = (await tx.query(
      `UPDATE messaging.custom_attribute_definitions
          SET attribute_display_name = $2, attribute_display_type = $3, attribute_description = $4, attribute_key = $5,
              attribute_values = $6, attribute_model = $7, regex_pattern = $8, regex_cue = $9, default_value = $10,
              updated_at = CASE WHEN (attribute_display_name, attribute_display_type, attribute_description, attribute_key,
                                      attribute_values, attribute_model, regex_pattern, regex_cue, default_value)
                                     IS DISTINCT FROM ($2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10::jsonb)
                                THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [row.id, ...values],
    )) as [CustomAttributeDefinitionRow[], number];
    if (!rows[0]) throw new DomainError(CustomAttributeErrors.notFound, 'Custom attribute definition not found');
    return rows[0];
  }
}
