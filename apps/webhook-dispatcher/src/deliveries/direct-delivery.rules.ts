import { DeliveryErrors, type EnqueueDeliveryInput } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

/** Header-safe event names such as `kanban.item.created`. */
const EVENT_NAME = /^[A-Za-z0-9_.:-]{1,100}$/;

/** What another service's delivery request must hold besides a safe URL (checked apart, as it needs DNS). */
export function assertValidDirectDelivery(input: EnqueueDeliveryInput): void {
  if (!Number.isInteger(input.account_id))
    throw new DomainError(DeliveryErrors.invalidAccount, 'account_id must be an integer', ['account_id']);
  if (typeof input.secret !== 'string' || !input.secret)
    throw new DomainError(DeliveryErrors.secretBlank, "Secret can't be blank", ['secret']);
  if (typeof input.event !== 'string' || !EVENT_NAME.test(input.event)) {
    throw new DomainError(DeliveryErrors.invalidEventName, `Event is not a valid event name: ${input.event}`, [
      'event',
    ]);
  }
  if (typeof input.payload !== 'object' || input.payload === null || Array.isArray(input.payload)) {
    throw new DomainError(DeliveryErrors.invalidPayload, 'Payload must be a JSON object', ['payload']);
  }
}
