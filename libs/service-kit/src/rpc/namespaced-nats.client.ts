import { ClientNats } from '@nestjs/microservices';
import type { MsPattern } from '@nestjs/microservices/interfaces';
import { namespaced } from './namespace';

/** Nest's NATS client that sends every request under the system's namespace. */
export class NamespacedNatsClient extends ClientNats {
  constructor(
    options: { servers: string; name: string },
    private readonly namespace: string,
  ) {
    super({ ...options, maxReconnectAttempts: -1 });
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return namespaced(this.namespace, super.normalizePattern(pattern));
  }
}
