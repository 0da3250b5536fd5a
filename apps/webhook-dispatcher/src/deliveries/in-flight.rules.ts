/** What a delivery is sent to, as far as sharing out slots goes. */
export interface Targeted {
  target: 'webhook' | 'inbox' | 'direct';
  webhook_id: number | null;
  inbox_id: number | null;
  url: string | null;
}

/** Targets whose deliveries the next claim leaves alone: they already use their share of slots. */
export interface FullTargets {
  webhookIds: number[];
  inboxIds: number[];
  urls: string[];
}

export function targetKeyOf(delivery: Targeted): string {
  if (delivery.target === 'webhook') return `webhook:${delivery.webhook_id}`;
  if (delivery.target === 'inbox') return `inbox:${delivery.inbox_id}`;
  return `direct:${delivery.url}`;
}

interface TargetSlots<T> {
  delivery: Targeted;
  count: number;
  /** Claimed while the target had no slot free; each takes the next one that frees. */
  waiting: T[];
}

/**
 * The attempts in flight in this process: at most `limit` in all and `perTarget` to any one
 * target, so that a receiver that answers slowly holds a few slots, not every one.
 *
 * A claim can bring more of one target's deliveries than it has slots (the oldest due rows
 * are often a slow receiver's backlog): up to `perTarget` of them wait here, holding their
 * lease, and start as that target's attempts finish — without another claim, and without the
 * other targets' deliveries waiting behind them.
 */
export class InFlight<T extends Targeted> {
  private total = 0;
  private readonly byTarget = new Map<string, TargetSlots<T>>();

  constructor(
    private readonly limit: number,
    private readonly perTarget: number,
  ) {}

  get size(): number {
    return this.total;
  }

  /** Free slots. */
  get room(): number {
    return this.limit - this.total;
  }

  /**
   * Free slots worth a claim when nothing new was announced: with work waiting, claiming one
   * row per finished attempt would cost a query per delivery, so wait for a few to finish.
   */
  get refillAt(): number {
    return Math.max(1, Math.floor(this.limit / 8));
  }

  full(): FullTargets {
    const full: FullTargets = { webhookIds: [], inboxIds: [], urls: [] };
    for (const { count, delivery } of this.byTarget.values()) {
      if (count < this.perTarget) continue;
      if (delivery.target === 'webhook') full.webhookIds.push(delivery.webhook_id!);
      else if (delivery.target === 'inbox') full.inboxIds.push(delivery.inbox_id!);
      else full.urls.push(delivery.url!);
    }
    return full;
  }

  /**
   * Takes a slot for a delivery not yet written, when one is free for its target; it never
   * waits. The slot is given back by `release`, like an attempt's.
   */
  take(delivery: Targeted): boolean {
    const key = targetKeyOf(delivery);
    const slots = this.byTarget.get(key);
    if (this.total >= this.limit || (slots?.count ?? 0) >= this.perTarget) return false;
    if (slots) slots.count++;
    else this.byTarget.set(key, { delivery, count: 1, waiting: [] });
    this.total++;
    return true;
  }

  /**
   * Sorts claimed deliveries, in order: `started` took a slot (start them now), waiting ones
   * are kept for their target's next free slot, `refused` hold nothing (give their lease back).
   */
  admit(deliveries: T[]): { started: T[]; refused: T[] } {
    const started: T[] = [];
    const refused: T[] = [];
    for (const delivery of deliveries) {
      const key = targetKeyOf(delivery);
      let slots = this.byTarget.get(key);
      if (!slots) {
        slots = { delivery, count: 0, waiting: [] };
        this.byTarget.set(key, slots);
      }
      if (slots.count < this.perTarget && this.total < this.limit) {
        slots.count++;
        this.total++;
        started.push(delivery);
      } else if (slots.count >= this.perTarget && slots.waiting.length < this.perTarget) {
        slots.waiting.push(delivery);
      } else {
        refused.push(delivery);
      }
      if (slots.count === 0 && slots.waiting.length === 0) this.byTarget.delete(key);
    }
    return { started, refused };
  }

  /** An attempt ended: its slot goes to the next delivery waiting for the same target (answered: start it), or is free. */
  release(delivery: Targeted): T | null {
    const key = targetKeyOf(delivery);
    const slots = this.byTarget.get(key);
    if (!slots || slots.count === 0) return null;
    const next = slots.waiting.shift();
    if (next) return next;
    this.total--;
    slots.count--;
    if (slots.count === 0) this.byTarget.delete(key);
    return null;
  }

  /** Takes every waiting delivery out (shutting down: their leases are given back). */
  takeWaiting(): T[] {
    const waiting: T[] = [];
    for (const slots of this.byTarget.values()) waiting.push(...slots.waiting.splice(0));
    return waiting;
  }
}
