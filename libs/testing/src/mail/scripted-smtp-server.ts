import { SMTPServer } from 'smtp-server';

/** How the server answers the next mails' DATA: accept (after `holdMs`), or refuse with a reply. */
export interface SmtpBehaviour {
  /** Waits this long before answering the end of DATA (a slow server; a client may die meanwhile). */
  holdMs?: number;
  /** Refuses with this SMTP reply instead of 250 (e.g. 550 permanent, 451 transient). */
  refuse?: { code: number; message: string };
  /** Applies to this many mails, then the server accepts again; unset: until changed. */
  times?: number;
}

export interface AcceptedMail {
  recipients: string[];
  mailFrom: string;
  raw: Buffer;
}

/**
 * A real SMTP server for one suite, scripted per mail: it counts only mails it answered 250 to
 * on a connection still open (RFC 5321: the server takes responsibility with its OK), so a
 * client killed while the server held its answer has not delivered that mail.
 */
export class ScriptedSmtpServer {
  readonly accepted: AcceptedMail[] = [];
  /** Every DATA the server read, answered or not. */
  readonly received: AcceptedMail[] = [];
  /** Every DATA the server has answered (a held answer counts once given), accepted or not. */
  readonly answered: AcceptedMail[] = [];
  private behaviour: SmtpBehaviour = {};
  private readonly closed = new Set<string>();

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<ScriptedSmtpServer> {
    let self: ScriptedSmtpServer | null = null;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
      onClose: (session) => self?.closed.add(session.id),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mail: AcceptedMail = {
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            raw: Buffer.concat(chunks),
          };
          self!.received.push(mail);
          const behaviour = self!.take();
          const answer = () => {
            self!.answered.push(mail);
            if (behaviour.refuse)
              return callback(
                Object.assign(new Error(behaviour.refuse.message), { responseCode: behaviour.refuse.code }),
              );
            if (!self!.closed.has(session.id)) self!.accepted.push(mail);
            callback();
          };
          if (behaviour.holdMs) setTimeout(answer, behaviour.holdMs);
          else answer();
        });
      },
    });
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    self = new ScriptedSmtpServer(server, port);
    return self;
  }

  behave(behaviour: SmtpBehaviour): void {
    this.behaviour = { ...behaviour };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private take(): SmtpBehaviour {
    const current = this.behaviour;
    if (current.times !== undefined) {
      current.times -= 1;
      if (current.times <= 0) this.behaviour = {};
    }
    return current;
  }
}
