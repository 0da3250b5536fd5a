export type UnsafeTargetReason = 'blank' | 'malformed' | 'not_https' | 'unresolvable' | 'not_public';

/** A target the dispatcher will not call; the message names the offending value. */
export class UnsafeTargetError extends Error {
  constructor(
    message: string,
    readonly reason: UnsafeTargetReason,
  ) {
    super(message);
    this.name = 'UnsafeTargetError';
  }
}
