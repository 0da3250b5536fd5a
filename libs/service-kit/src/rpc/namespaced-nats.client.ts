import { ClientNats } from '@nestjs/microservices';
import type { MsPattern } from '@nestjs/microservices/interfaces';
import { namespaced } from './namespace';
import { NATS_CONNECTION_DEFAULTS } from './nats-connection-defaults';

/** Nest's NATS client that sends every request under the system's namespace. */
export class NamespacedNatsClient extends ClientNats {
  constructor(
    options: { servers: string; name: string },
    private readonly namespace: string,
  ) {
    super({ ...options, ...NATS_CONNECTION_DEFAULTS });
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return namespaced(this.namespace, super.normalizePattern(pattern));
  }
}
