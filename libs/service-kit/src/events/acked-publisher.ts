import { headers as natsHeaders, type MsgHdrs, type NatsConnection, type PubAck } from 'nats';
import { ReplyMux } from '../rpc/reply-mux';

const textDecoder = new TextDecoder();

export interface AckedPublishOptions {
  /** JetStream drops a message whose id it stored inside the stream's duplicate window. */
  msgID?: string;
  headers?: MsgHdrs;
}

/** What JetStream answers a publish: its acknowledgement, or an error. */
interface PublishAnswer {
  stream?: string;
  seq?: number;
  duplicate?: boolean;
  domain?: string;
  error?: { code?: number; description?: string };
}

/**
 * JetStream publishes acknowledged through a ReplyMux instead of nats.js's `jetstream.publish`
 * (a request each, see there). The same guarantee: a publish resolves only once the stream
 * stored the message, and rejects on a JetStream error, when no stream takes the subject
 * (`503`), or after `timeoutMs`.
 */
export class AckedPublisher {
  private readonly replies: ReplyMux;

  constructor(
    connection: NatsConnection,
    private readonly timeoutMs: number,
  ) {
    this.replies = new ReplyMux(connection);
  }

  async publish(subject: string, data: Uint8Array, options: AckedPublishOptions = {}): Promise<PubAck> {
    let headers = options.headers;
    if (options.msgID) {
      headers ??= natsHeaders();
      headers.set('Nats-Msg-Id', options.msgID);
    }
    const reply = await this.replies.request(subject, data, { headers, timeoutMs: this.timeoutMs });
    let answer: PublishAnswer;
    try {
      answer = JSON.parse(textDecoder.decode(reply.data)) as PublishAnswer;
    } catch {
      throw new Error(`JetStream publish to ${subject}: unreadable acknowledgement`);
    }
    if (answer.error || typeof answer.stream !== 'string' || typeof answer.seq !== 'number') {
      const reason = answer.error?.description ?? 'no acknowledgement';
      throw new Error(`JetStream publish to ${subject}: ${reason} (${answer.error?.code ?? 'unknown'})`);
    }
    return { stream: answer.stream, seq: answer.seq, duplicate: answer.duplicate === true, domain: answer.domain };
  }

  /** Stops listening; publishes still waiting fail. */
  close(): void {
    this.replies.close();
  }
}
