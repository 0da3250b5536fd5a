import { Inject, Injectable } from '@nestjs/common';
import { ValidationFailedError } from '@parley/service-kit';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';
import { systemResolve } from './system-resolver';
import { checkTarget, type CheckedTarget } from './target-check';
import { UnsafeTargetError } from './unsafe-target.error';

/** The SSRF rule with this deployment's allow-list and the system resolver. */
@Injectable()
export class TargetGuard {
  constructor(@Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig) {}

  /** Right before an attempt: throws UnsafeTargetError when the URL may not be called now. */
  check(url: string): Promise<CheckedTarget> {
    return checkTarget(url, this.config.allowedHosts, systemResolve);
  }

  /** On create and update: the same rule as a 422 on `field`. */
  async assertAcceptable(url: string, field = 'url'): Promise<string> {
    try {
      await this.check(url);
      return url.trim();
    } catch (error) {
      if (error instanceof UnsafeTargetError) throw new ValidationFailedError(error.message, [field]);
      throw error;
    }
  }
}
