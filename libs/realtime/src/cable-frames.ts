import type { RealtimeEvent } from './realtime.ports';

/** The subprotocol the reference's clients insist on (they close the socket without it). */
export const CABLE_SUBPROTOCOL = 'actioncable-v1-json';

export type DisconnectReason = 'unauthorized' | 'invalid_request' | 'server_restart' | 'remote';

/** `{"type":"welcome"}`: sent at once; the 6.x client subscribes only after it. */
export const WELCOME_FRAME = '{"type":"welcome"}';

export function pingFrame(nowMs: number): string {
  return `{"type":"ping","message":${Math.floor(nowMs / 1000)}}`;
}

/** `identifier` is the raw string the client sent: the client matches frames with `===`. */
export function confirmFrame(identifier: string): string {
  return `{"identifier":${JSON.stringify(identifier)},"type":"confirm_subscription"}`;
}

export function rejectFrame(identifier: string): string {
  return `{"identifier":${JSON.stringify(identifier)},"type":"reject_subscription"}`;
}

export function disconnectFrame(reason: DisconnectReason, reconnect: boolean): string {
  return JSON.stringify({ type: 'disconnect', reason, reconnect });
}

/** The `message` part, serialised once per publish and shared by every recipient. */
export function eventMessage(event: RealtimeEvent): string {
  return JSON.stringify({ event: event.event, data: event.data, event_id: event.event_id });
}

export function dataFrame(identifier: string, message: string): string {
  return `{"identifier":${JSON.stringify(identifier)},"message":${message}}`;
}

/**
 * One published event's data frames, encoded once per identifier string: the sockets of one
 * token (many tabs, or a bench's thousand) share the bytes instead of each serialising them.
 */
export class SharedFrames {
  private readonly encoded = new Map<string, Buffer>();

  constructor(readonly message: string) {}

  for(identifier: string): Buffer {
    let frame = this.encoded.get(identifier);
    if (!frame) {
      frame = Buffer.from(dataFrame(identifier, this.message));
      this.encoded.set(identifier, frame);
    }
    return frame;
  }
}
