import { Inject, Injectable } from '@nestjs/common';
import type { EventMap, EventType } from '@parley/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { ServiceConfig } from '../config/service-config';
import { preparedQuery } from '../database/prepared-query';
import { SERVICE_CONFIG } from '../config/tokens';
import type { MailMessage } from '../mail/mail-transport';
import { MailRelay } from '../mail/mail-relay';
import { buildEnvelope } from './envelope.factory';
import { OutboxRelay } from './outbox-relay';
import { openSettledHooks, settle } from './settled-hooks';

/** Records an event in the same transaction as the change it describes. */
export interface Emit {
  <T extends EventType>(type: T, accountId: number | null, data: EventMap[T]): Promise<void>;
  /** Many events of one type in one statement (bulk work such as imports). */
  many<T extends EventType>(type: T, accountId: number | null, items: Array<EventMap[T]>): Promise<void>;
}

/** Records an e-mail to send once the transaction commits. */
export type SendMail = (message: MailMessage) => Promise<void>;

/**
 * The transactional outbox: work, its events and its e-mails commit together or not at all;
 * the relays send them right after commit, and their pollers catch anything a crash left behind.
 */
@Injectable()
export class Outbox {
  private readonly schema: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
    private readonly mailRelay: MailRelay,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.schema = config.database!.schema;
  }

  /** Runs `work` in a transaction; hooks it adds with `whenSettled` run once it has ended. */
  async transaction<T>(work: (tx: EntityManager, emit: Emit, sendMail: SendMail) => Promise<T>): Promise<T> {
    let begun: EntityManager | null = null;
    let result: T;
    try {
      result = await this.relayed((tx, emit, sendMail) => {
        begun = tx;
        openSettledHooks(tx);
        return work(tx, emit, sendMail);
      });
    } catch (error) {
      settle(begun, false);
      throw error;
    }
    settle(begun, true);
    return result;
  }

  /** The transaction, its events and its e-mails relayed once it commits. */
  private async relayed<T>(work: (tx: EntityManager, emit: Emit, sendMail: SendMail) => Promise<T>): Promise<T> {
    let emitted = false;
    let mailed = false;
    const result = await this.dataSource.transaction(async (tx) => {
      const emit = (async (type, accountId, data) => {
        const envelope = buildEnvelope(type, accountId, data);
        // Every write's statement: prepared once per connection.
        await preparedQuery(
          tx,
          `${this.schema}_outbox_insert`,
          `INSERT INTO "${this.schema}".outbox (id, type, payload) VALUES ($1, $2, $3)`,
          [envelope.id, envelope.type, JSON.stringify(envelope)],
        );
        emitted = true;
      }) as Emit;
      emit.many = async (type, accountId, items) => {
        if (items.length === 0) return;
        const envelopes = items.map((data) => buildEnvelope(type, accountId, data));
        // One JSON document, not a jsonb[] parameter: an array literal of JSON texts is escaped
        // quote by quote on both sides, which made a 500-event batch cost twice as much.
        await tx.query(
          `INSERT INTO "${this.schema}".outbox (id, type, payload)
           SELECT (e.payload->>'id')::uuid, $1, e.payload
             FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(payload, position) ORDER BY e.position`,
          [type, JSON.stringify(envelopes)],
        );
        emitted = true;
      };
      const sendMail: SendMail = async (message) => {
        await tx.query(`INSERT INTO "${this.schema}".mail_outbox (recipient, subject, body) VALUES ($1, $2, $3)`, [
          message.to,
          message.subject,
          message.text,
        ]);
        mailed = true;
      };
      return work(tx, emit, sendMail);
    });
    if (emitted) this.relay.kick();
    if (mailed) this.mailRelay.kick();
    return result;
  }
}
