import type { IdentityEventMap } from '../identity/identity.events';
import type { LabelEventMap } from '../labels/label.events';

/** Every event type of the system and the shape of its `data`. */
export interface EventMap extends IdentityEventMap, LabelEventMap {}

export type EventType = keyof EventMap;

/** Current version of each event's payload; bump on a breaking change (and keep the old one readable). */
export const EVENT_VERSION = 1;
