import { Inject, Injectable } from '@nestjs/common';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher.config';
import { TargetGuard } from '../targets/target.guard';
import { UnsafeTargetError } from '@parley/service-kit';
import { CallbackTargetsLoader } from '../read-models/messaging-view/callback-targets.loader';
import type { LeasedDelivery } from './delivery-leases.writer';
import type { Outcome } from './delivery-outcome.writer';
import { HttpsAdapter } from './https.adapter';
import { isSuccessStatus, verdictOf } from './retry-schedule.rules';
import { signedHeaders } from './signature.rules';

/** Kept free at the end of a lease for recording the outcome. */
const LEASE_RESERVE_MS = 1000;

/** An attempt may start only while its lease outlasts the receiver's time and the recording. */
export function leaseAllows(leaseEndsAt: number, timeoutMs: number, now = Date.now()): boolean {
  return now + timeoutMs + LEASE_RESERVE_MS <= leaseEndsAt;
}

/** One attempt of a leased delivery: its target looked up and checked, the body signed and posted. */
@Injectable()
export class DeliveryAttemptService {
  constructor(
    private readonly guard: TargetGuard,
    private readonly callbacks: CallbackTargetsLoader,
    private readonly sender: HttpsAdapter,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {}

  async make(delivery: LeasedDelivery): Promise<Outcome> {
    const startedAt = new Date();
    const attempted = (
      statusCode: number | null,
      error: string | null,
      latencyMs = Date.now() - startedAt.getTime(),
    ): Outcome => ({
      kind: 'attempted',
      delivery,
      startedAt,
      result: { statusCode, error, latencyMs },
      verdict: verdictOf(delivery.attempts + 1, isSuccessStatus(statusCode), this.config.retryScheduleMs),
    });
    let { url, secret } = delivery;
    if (delivery.target === 'inbox') {
      try {
        const callback = await this.callbacks.of(
          delivery.account_id,
          delivery.inbox_id!,
          delivery.created_at.getTime(),
        );
        if (!callback) return { kind: 'no-callback', delivery };
        ({ webhook_url: url, secret } = callback);
      } catch (error) {
        return attempted(null, `could not look up the inbox's callback URL: ${(error as Error).message}`);
      }
    }
    try {
      const target = await this.guard.check(url!);
      if (!leaseAllows(delivery.leaseEndsAt, this.config.timeoutMs)) return { kind: 'released', delivery };
      const headers = signedHeaders({
        secret: secret!,
        event: delivery.event,
        deliveryId: delivery.id,
        body: delivery.body,
      });
      if (delivery.traceparent) headers.traceparent = delivery.traceparent;
      const result = await this.sender.post(target, headers, delivery.body, this.config.timeoutMs);
      return attempted(result.statusCode, result.error, result.latencyMs);
    } catch (error) {
      if (error instanceof UnsafeTargetError) return attempted(null, `refused: ${error.message}`);
      return attempted(null, (error as Error).message);
    }
  }
}
