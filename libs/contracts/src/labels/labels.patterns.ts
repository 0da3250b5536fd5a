import type { AccountScoped, ById } from '../rpc/caller';
import type { CreateLabelInput, Label, UpdateLabelInput } from './label.types';

export const LabelPatterns = {
  list: 'messaging.labels.list',
  show: 'messaging.labels.show',
  create: 'messaging.labels.create',
  update: 'messaging.labels.update',
  delete: 'messaging.labels.delete',
} as const;

export interface LabelsRpc {
  [LabelPatterns.list]: { request: AccountScoped; response: Label[] };
  [LabelPatterns.show]: { request: ById; response: Label };
  [LabelPatterns.create]: { request: AccountScoped & { data: CreateLabelInput }; response: Label };
  [LabelPatterns.update]: { request: ById & { data: UpdateLabelInput }; response: Label };
  [LabelPatterns.delete]: { request: ById; response: null };
}
