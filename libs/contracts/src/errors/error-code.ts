import type { ContactInboxErrors } from '../contacts/contact-inbox.errors';
import type { ContactErrors } from '../contacts/contact.errors';
import type { ImportErrors } from '../contacts/import.errors';
import type { MergeErrors } from '../contacts/merge.errors';
import type { NoteErrors } from '../contacts/note.errors';
import type { DeliveryErrors } from '../webhooks/delivery.errors';
import type { WebhookErrors } from '../webhooks/webhook.errors';
import type { CodeOf, CommonErrors, LegacyErrors } from './common.errors';

/**
 * Every code a service may answer with. A new catalogue joins this union, and the gateway's
 * status table (a `Record<ErrorCode, …>`) then refuses to compile until each code has a status.
 */
export type ErrorCode =
  | CodeOf<typeof CommonErrors>
  | CodeOf<typeof LegacyErrors>
  | CodeOf<typeof ContactErrors>
  | CodeOf<typeof ContactInboxErrors>
  | CodeOf<typeof NoteErrors>
  | CodeOf<typeof ImportErrors>
  | CodeOf<typeof MergeErrors>
  | CodeOf<typeof WebhookErrors>
  | CodeOf<typeof DeliveryErrors>;
