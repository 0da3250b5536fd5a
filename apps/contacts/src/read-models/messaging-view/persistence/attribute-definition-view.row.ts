/** @owns contacts.attribute_definitions_view */
import type { CustomAttributeDefinition } from '@parley/contracts';

/** An `attribute_definitions_view` row: the definition as messaging last published it. */
export interface AttributeDefinitionViewRow {
  definition: CustomAttributeDefinition;
}
