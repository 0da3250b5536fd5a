import type { CustomAttributeDefinition } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { CustomAttributeDefinitionEntity } from './persistence/custom-attribute-definition.orm-entity';

export function toDefinition(entity: CustomAttributeDefinitionEntity): CustomAttributeDefinition {
  return {
    id: entity.id,
    account_id: entity.accountId,
    attribute_display_name: entity.displayName,
    attribute_display_type: entity.displayType,
    attribute_description: entity.description,
    attribute_key: entity.key,
    attribute_values: entity.values,
    attribute_model: entity.model,
    regex_pattern: entity.regexPattern,
    regex_cue: entity.regexCue,
    default_value: entity.defaultValue,
    created_at: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
}
