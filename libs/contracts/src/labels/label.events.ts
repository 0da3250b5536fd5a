import type { ChangedAttributes } from '../events/changed-attributes';
import type { Label } from './label.types';

export const LabelEvents = {
  created: 'messaging.label.created',
  updated: 'messaging.label.updated',
  deleted: 'messaging.label.deleted',
} as const;

export interface LabelEventMap {
  [LabelEvents.created]: { label: Label };
  [LabelEvents.updated]: { label: Label; changed_attributes: ChangedAttributes };
  [LabelEvents.deleted]: { label: Label };
}
