import { Inject, Injectable } from '@nestjs/common';
import { checkTarget, publicHttpsUrl, systemResolve, type CheckedTarget } from '@parley/service-kit';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher.config';

/** The SSRF rule with this deployment's allow-list and the system resolver. */
@Injectable()
export class TargetGuard {
  constructor(@Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig) {}

  /** Right before an attempt: throws UnsafeTargetError when the URL may not be called now. */
  check(url: string): Promise<CheckedTarget> {
    return checkTarget(url, this.config.allowedHosts, systemResolve);
  }

  /** On create and update: the same rule as a 422 on `field`. */
  assertAcceptable(url: string, field = 'url'): Promise<string> {
    return publicHttpsUrl(url, field, 'Url', this.config.allowedHosts);
  }
}
