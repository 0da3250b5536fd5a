/**
 * Where the outbox relay's claim starts its scan. A published row leaves an entry behind in the
 * unpublished-rows index until VACUUM removes it, and an outbox keeps a day of published rows:
 * a claim that scans from the start walks every such entry, so each one cost more as the day's
 * events grew (1.4–2.2 ms a claim within minutes of a benchmark). Rows at or below the floor were
 * below the highest row a claim took at least `lagMs` ago: one of them still unpublished belongs
 * to a transaction that stayed open that long after writing it. The relay's periodic pass scans
 * from the start and finds those.
 */
export class ClaimFloor {
  /** The highest seq each recent claim took, oldest first, rising. */
  private readonly recent: Array<{ at: number; seq: bigint }> = [];
  private settled = 0n;

  constructor(
    private readonly lagMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A claim took rows up to `seq`. */
  claimed(seq: bigint): void {
    const last = this.recent.at(-1)?.seq ?? this.settled;
    if (seq > last) this.recent.push({ at: this.now(), seq });
  }

  /** The seq a claim may scan from (exclusive). */
  get value(): bigint {
    const cutoff = this.now() - this.lagMs;
    while (this.recent.length > 0 && this.recent[0].at <= cutoff) this.settled = this.recent.shift()!.seq;
    return this.settled;
  }
}
