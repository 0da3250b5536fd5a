import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EnqueueDeliveryInput } from '@parley/contracts';
import { ValidationFailedError } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { TargetGuard } from '../targets/target-guard';
import { DeliveryPoller } from './delivery-poller';
import { DeliveryQueue } from './delivery-queue';

/** Header-safe event names such as `kanban.item.created`. */
const EVENT_NAME = /^[A-Za-z0-9_.:-]{1,100}$/;

/** Deliveries other services ask for (Kanban's webhook): the same signing, retries and target rules. */
@Injectable()
export class DirectDeliveries {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueue,
    private readonly guard: TargetGuard,
    private readonly poller: DeliveryPoller,
  ) {}

  async enqueue(input: EnqueueDeliveryInput): Promise<{ delivery_id: string }> {
    if (!Number.isInteger(input.account_id)) throw new ValidationFailedError('account_id must be an integer', ['account_id']);
    if (typeof input.secret !== 'string' || !input.secret) throw new ValidationFailedError("Secret can't be blank", ['secret']);
    if (typeof input.event !== 'string' || !EVENT_NAME.test(input.event)) throw new ValidationFailedError(`Event is not a valid event name: ${input.event}`, ['event']);
    if (typeof input.payload !== 'object' || input.payload === null || Array.isArray(input.payload)) {
      throw new ValidationFailedError('Payload must be a JSON object', ['payload']);
    }
    const url = await this.guard.assertAcceptable(String(input.url ?? ''));
    const id = input.payload.id;
    const deliveryId = await this.dataSource.transaction((tx) =>
      this.queue.add(tx, {
        accountId: input.account_id,
        eventId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
        event: input.event,
        body: JSON.stringify(input.payload),
        target: { kind: 'direct', url, secret: input.secret },
      }),
    );
    this.poller.kick();
    return { delivery_id: deliveryId! };
  }
}
