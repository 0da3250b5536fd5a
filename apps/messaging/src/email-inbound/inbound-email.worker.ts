import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConcurrentWorkLoop, SERVICE_CONFIG, type ServiceConfig } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { MESSAGING_CONFIG, type ChannelsConfig, type MessagingConfig } from '../messaging.config';
import { InboundEmailService } from './inbound-email.service';
import {
  CLAIM_INBOUND_EMAILS,
  FINISH_INBOUND_EMAIL,
  INBOUND_DUE_CHANNEL,
  RETRY_INBOUND_EMAIL,
  type ClaimedInboundEmail,
} from './persistence/inbound-email.row';

/** E-mails applied at once in one process (each waits mostly on the contacts service and the database). */
const IN_FLIGHT = 8;
/** After this many failed runs an e-mail waits a day between tries: it stays in the table, visible to operators. */
const PATIENT_ATTEMPTS = 10;

/**
 * Applies stored inbound e-mails (from the SMTP listener and IMAP), each under a lease, so a
 * crash mid-way leaves it to be applied again — which adds nothing twice (InboundEmailService).
 */
@Injectable()
export class InboundEmailWorker extends ConcurrentWorkLoop<ClaimedInboundEmail> {
  private readonly settings: ChannelsConfig;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inbound: InboundEmailService,
    @Inject(MESSAGING_CONFIG) config: MessagingConfig,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
  ) {
    super(
      config.channels.pollIntervalMs,
      'Applying inbound e-mail',
      service.database!.url,
      INBOUND_DUE_CHANNEL,
      IN_FLIGHT,
    );
    this.settings = config.channels;
  }

  protected async claim(room: number): Promise<ClaimedInboundEmail[]> {
    // UPDATE … RETURNING answers [rows, count].
    const [claimed]: [ClaimedInboundEmail[], number] = await this.dataSource.query(CLAIM_INBOUND_EMAILS, [
      room,
      this.settings.leaseMs,
    ]);
    return claimed;
  }

  protected async handle(email: ClaimedInboundEmail): Promise<void> {
    try {
      await this.inbound.apply(email);
      await this.dataSource.query(FINISH_INBOUND_EMAIL, [email.id, email.lease_id]);
    } catch (error) {
      const reason = (error as Error).message;
      const wait = email.attempts >= PATIENT_ATTEMPTS ? 86_400_000 : Math.min(2 ** email.attempts * 1000, 300_000);
      this.logger.warn(
        `inbound e-mail ${email.id} of inbox ${email.inbox_id} not applied (try ${email.attempts}): ${reason}`,
      );
      await this.dataSource.query(RETRY_INBOUND_EMAIL, [email.id, email.lease_id, wait, reason]);
    }
  }
}
