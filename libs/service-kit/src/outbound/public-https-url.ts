import { CommonErrors } from '@parley/contracts';
import { DomainError } from '../rpc/domain-error';
import type { AllowedHost } from './allowed-hosts';
import { systemResolve } from './system-resolver';
import { checkTarget, type Resolve } from './target-check';
import { UnsafeTargetError } from './unsafe-target.error';

/**
 * The rule for a URL we will call later (webhooks, API-inbox callbacks), applied when it is
 * saved: HTTPS and resolving only to public addresses, else a 422 on `field` naming the value.
 * The caller checks again before each call (DNS may change in between).
 */
export async function publicHttpsUrl(
  raw: string,
  field: string,
  label: string,
  allowedHosts: readonly AllowedHost[],
  resolve: Resolve = systemResolve,
): Promise<string> {
  try {
    await checkTarget(raw, allowedHosts, resolve);
    return raw.trim();
  } catch (error) {
    // The check's messages name the field generically ("Url …"); say which one it is.
    if (error instanceof UnsafeTargetError)
      throw new DomainError(CommonErrors.unsafeUrl, error.message.replace(/^Url/, label), [field]);
    throw error;
  }
}
