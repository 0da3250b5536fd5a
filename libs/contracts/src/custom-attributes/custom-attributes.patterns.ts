import type { AccountScoped, ById } from '../rpc/caller';
import type {
  AttributeModel,
  CreateCustomAttributeDefinitionInput,
  CustomAttributeDefinition,
  UpdateCustomAttributeDefinitionInput,
} from './custom-attribute.types';

export const CustomAttributePatterns = {
  list: 'messaging.custom_attribute_definitions.list',
  show: 'messaging.custom_attribute_definitions.show',
  create: 'messaging.custom_attribute_definitions.create',
  update: 'messaging.custom_attribute_definitions.update',
  delete: 'messaging.custom_attribute_definitions.delete',
  ofModel: 'messaging.custom_attribute_definitions.of_model',
} as const;

export interface CustomAttributesRpc {
  [CustomAttributePatterns.list]: {
    request: AccountScoped & { attribute_model?: AttributeModel };
    response: CustomAttributeDefinition[];
  };
  [CustomAttributePatterns.show]: { request: ById; response: CustomAttributeDefinition };
  [CustomAttributePatterns.create]: {
    request: AccountScoped & { data: CreateCustomAttributeDefinitionInput };
    response: CustomAttributeDefinition;
  };
  [CustomAttributePatterns.update]: {
    request: ById & { data: UpdateCustomAttributeDefinitionInput };
    response: CustomAttributeDefinition;
  };
  [CustomAttributePatterns.delete]: { request: ById; response: null };
  /** For services whose copy of the definitions may lag: the account's definitions of one model, as they are now. */
  [CustomAttributePatterns.ofModel]: {
    request: { account_id: number; attribute_model: AttributeModel };
    response: CustomAttributeDefinition[];
  };
}
