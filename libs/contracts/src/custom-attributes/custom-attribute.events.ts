import type { CustomAttributeDefinition } from './custom-attribute.types';

export const CustomAttributeEvents = {
  created: 'messaging.custom_attribute_definition.created',
  updated: 'messaging.custom_attribute_definition.updated',
  deleted: 'messaging.custom_attribute_definition.deleted',
} as const;

export interface CustomAttributeEventMap {
  [CustomAttributeEvents.created]: { definition: CustomAttributeDefinition };
  /** `previous_key` differs from `definition.attribute_key` when the key was renamed. */
  [CustomAttributeEvents.updated]: { definition: CustomAttributeDefinition; previous_key: string };
  /** Owners of stored values erase `definition.attribute_key` from their records of that model. */
  [CustomAttributeEvents.deleted]: { definition: CustomAttributeDefinition };
}
