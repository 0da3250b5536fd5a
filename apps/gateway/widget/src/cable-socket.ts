/**
 * The contact's RoomChannel subscription over a plain WebSocket, speaking ActionCable's frames:
 * subscribe after `welcome`, resume from the last `event_id` after a reconnect so no reply is missed.
 */
export interface CableEvent {
  event: string;
  data: Record<string, any>;
  event_id?: string;
}

const RECONNECT_MS = [500, 1000, 2000, 5000, 10000];

export class CableSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private closed = false;
  private readonly identifier: string;

  constructor(
    private readonly url: string,
    pubsubToken: string,
    private lastEventId: string | null,
    private readonly onEvent: (event: CableEvent) => void,
  ) {
    this.identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: pubsubToken });
    this.open();
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }

  private open(): void {
    const socket = new WebSocket(this.url, ['actioncable-v1-json']);
    this.socket = socket;
    socket.onmessage = (frame) => this.frame(JSON.parse(String(frame.data)));
    socket.onclose = () => {
      if (this.closed) return;
      const delay = RECONNECT_MS[Math.min(this.attempt++, RECONNECT_MS.length - 1)];
      setTimeout(() => this.open(), delay);
    };
  }

  private send(frame: Record<string, string>): void {
    this.socket?.send(JSON.stringify(frame));
  }

  private frame(frame: { type?: string; identifier?: string; message?: CableEvent }): void {
    if (frame.type === 'welcome') {
      this.send({ command: 'subscribe', identifier: this.identifier });
    } else if (frame.type === 'confirm_subscription') {
      this.attempt = 0;
      if (this.lastEventId) {
        const data = JSON.stringify({ action: 'resume', since: this.lastEventId });
        this.send({ command: 'message', identifier: this.identifier, data });
      }
    } else if (frame.identifier === this.identifier && frame.message && frame.message.event) {
      if (frame.message.event_id) this.lastEventId = frame.message.event_id;
      this.onEvent(frame.message);
    }
  }
}
