import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { EventEnvelope } from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import { EVENT_HANDLER, type EventHandlerMetadata } from './on-event.decorator';
import type { Emit, SendMail } from './outbox';

type Handler = (event: EventEnvelope, tx: EntityManager, emit: Emit, sendMail: SendMail) => Promise<void>;
type BatchHandler = (events: EventEnvelope[], tx: EntityManager, emit: Emit, sendMail: SendMail) => Promise<void>;
type IdempotentHandler = (events: EventEnvelope[]) => Promise<void>;

/** One durable consumer: an `@OnEvent` method and one event type it handles. */
export interface Registration {
  durable: string;
  type: string;
  handler:
    | { batch: false; idempotent: false; run: Handler }
    | { batch: true; idempotent: false; run: BatchHandler }
    | { batch: true; idempotent: true; run: IdempotentHandler };
  concurrency: number;
  /** See the decorator's `gatherMs`. */
  gatherMs: number;
  when?: (event: EventEnvelope) => boolean;
  /** The decorator's `sift`, given its provider. */
  sift?: (events: EventEnvelope[]) => Promise<EventEnvelope[]>;
}

/** Every `@OnEvent` method of the service's providers, one registration per event type. */
export function collectRegistrations(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  reflector: Reflector,
  service: string,
): Registration[] {
  const registrations: Registration[] = [];
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object') continue;
    const prototype = Object.getPrototypeOf(instance);
    for (const method of scanner.getAllMethodNames(prototype)) {
      const meta = reflector.get<EventHandlerMetadata | undefined>(EVENT_HANDLER, prototype[method]);
      if (!meta) continue;
      for (const type of meta.types) {
        const named = meta.purpose && meta.types.length > 1 ? `${meta.purpose}_${type}` : (meta.purpose ?? type);
        registrations.push({
          durable: `${service}__${named.replace(/[^A-Za-z0-9_-]/g, '_')}`,
          type,
          handler: handlerOf(meta, (prototype[method] as Handler & BatchHandler).bind(instance)),
          concurrency: Math.max(1, meta.concurrency ?? 1),
          gatherMs: Math.max(0, meta.gatherMs ?? 0),
          when: meta.when,
          sift: meta.sift && ((events) => meta.sift!(instance as never, events)),
        });
      }
    }
  }
  return registrations;
}

function handlerOf(meta: EventHandlerMetadata, run: Handler & BatchHandler): Registration['handler'] {
  if (meta.idempotent) return { batch: true, idempotent: true, run: run as unknown as IdempotentHandler };
  return meta.batch ? { batch: true, idempotent: false, run } : { batch: false, idempotent: false, run };
}
