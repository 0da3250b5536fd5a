import { Injectable } from '@nestjs/common';
import { RealtimePatterns, type PresenceState } from '@parley/contracts';
import type { ActionHandler, SubscriptionContext } from '@parley/realtime';
import { RpcClient } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';

type Answer = Record<string, unknown>;

interface Presence {
  /** This replica's confirmed subscriptions of the agent or contact. */
  local: number;
  /** Its presence calls, one after the other (a `left` never overtakes a `present`). */
  chain: Promise<unknown>;
  /** A `present` waiting in the chain: later subscribes and refreshes share it. */
  queued: Promise<Answer> | null;
  /** The last answer, reused for a while by subscribes (many sockets of one token subscribe together). */
  recent: { at: number; answer: Answer } | null;
}

/** How long one presence answer serves further subscribes and refreshes of the same agent or contact. */
const REUSE_MS = 2_000;

/**
 * Presence over `/cable` (decisions.md "Realtime"): on subscribe and each `update_presence`
 * this replica tells the owner (messaging for agents, contacts for contacts) that the agent or
 * contact is connected here, and sends the subscriber `presence.update` — the account's agents'
 * availability, and for an agent the contacts connected now. When this replica's last
 * subscription of it ends, it says it left; a replica that dies says nothing and its presence
 * ends with its window. Every replica has its own id, so one replica's sockets closing never
 * hides another's.
 */
@Injectable()
export class CablePresenceService implements ActionHandler {
  readonly replica = randomUUID();
  private readonly presences = new Map<string, Presence>();

  constructor(private readonly rpc: RpcClient) {}

  async subscribed(context: SubscriptionContext): Promise<void> {
    this.entry(context).local += 1;
    await this.refresh(context, true);
  }

  async perform(context: SubscriptionContext, action: string): Promise<void> {
    if (action === 'update_presence') await this.refresh(context, false);
  }

  async unsubscribed(context: SubscriptionContext): Promise<void> {
    const key = keyOf(context);
    const presence = this.presences.get(key);
    if (!presence || --presence.local > 0) return;
    presence.recent = null;
    await this.call(presence, () => this.tell(context, 'left'));
    if (presence.local === 0 && this.presences.get(key) === presence) this.presences.delete(key);
  }

  /** `reuse`: a subscribe may take a recent answer (many sockets of one token subscribe together); a refresh asks anew. */
  private async refresh(context: SubscriptionContext, reuse: boolean): Promise<void> {
    const presence = this.entry(context);
    let answer: Answer;
    if (reuse && presence.recent && Date.now() - presence.recent.at < REUSE_MS) answer = presence.recent.answer;
    else {
      presence.queued ??= this.call(presence, async () => {
        presence.queued = null;
        const fresh = await this.tell(context, 'present');
        presence.recent = { at: Date.now(), answer: fresh };
        return fresh;
      });
      answer = await presence.queued;
    }
    const { accountId } = context.grant;
    context.send({ event: 'presence.update', data: { account_id: accountId, ...answer } });
  }

  /** Tells the owner and answers `{users}` (and `{contacts}` for an agent). */
  private async tell(context: SubscriptionContext, state: PresenceState): Promise<Answer> {
    const { grant } = context;
    if (grant.role === 'agent') {
      const me = { account_id: grant.accountId, replica: this.replica };
      const [{ users }, { contacts }] = await Promise.all([
        this.rpc.send(RealtimePatterns.agentPresence, { ...me, user_id: grant.userId, state }),
        state === 'present'
          ? this.rpc.send(RealtimePatterns.contactPresence, { ...me, state })
          : Promise.resolve({ contacts: {} }),
      ]);
      return { users, contacts };
    }
    if (grant.accountId === undefined || grant.contactId === undefined) return { users: {} };
    const me = { account_id: grant.accountId, replica: this.replica };
    const [{ users }] = await Promise.all([
      state === 'present' ? this.rpc.send(RealtimePatterns.agentPresence, { ...me, state }) : { users: {} },
      this.rpc.send(RealtimePatterns.contactPresence, { ...me, contact_id: grant.contactId, state }),
    ]);
    return { users };
  }

  private call<T>(presence: Presence, work: () => Promise<T>): Promise<T> {
    const next = presence.chain.then(work, work);
    presence.chain = next.catch(() => undefined);
    return next;
  }

  private entry(context: SubscriptionContext): Presence {
    const key = keyOf(context);
    let presence = this.presences.get(key);
    if (!presence) {
      presence = { local: 0, chain: Promise.resolve(), queued: null, recent: null };
      this.presences.set(key, presence);
    }
    return presence;
  }
}

function keyOf({ grant }: SubscriptionContext): string {
  return grant.role === 'agent' ? `agent:${grant.accountId}:${grant.userId}` : `contact:${grant.contactId}`;
}
