import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { WebhookErrors, type CreateWebhookInput, type UpdateWebhookInput, type Webhook } from '@parley/contracts';
import { findOneOrFail } from '@parley/service-kit';
import { randomBytes } from 'node:crypto';
import { Repository, type EntityManager } from 'typeorm';
import { TargetGuard } from '../targets/target.guard';
import { WebhookEntity } from './persistence/webhook.orm-entity';
import { toWebhook } from './webhook.mapper';
import { normaliseSubscriptions } from './webhook.rules';

/** Account webhooks: where an account's events go. Creating one does not call its URL. */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectRepository(WebhookEntity) private readonly webhooks: Repository<WebhookEntity>,
    private readonly targets: TargetGuard,
  ) {}

  async list(accountId: number): Promise<Webhook[]> {
    const rows = await this.webhooks.find({ where: { accountId }, order: { id: 'ASC' } });
    return rows.map(toWebhook);
  }

  async create(accountId: number, input: CreateWebhookInput): Promise<Webhook> {
    const subscriptions = normaliseSubscriptions(input.subscriptions);
    const url = await this.targets.assertAcceptable(input.url);
    const entity = this.webhooks.create({ accountId, url, subscriptions, secret: randomBytes(32).toString('base64url') });
    return toWebhook(await this.webhooks.save(entity));
  }

  async update(accountId: number, id: number, input: UpdateWebhookInput): Promise<Webhook> {
    const entity = await this.find(accountId, id);
    if (input.subscriptions !== undefined) entity.subscriptions = normaliseSubscriptions(input.subscriptions);
    if (input.url !== undefined) entity.url = await this.targets.assertAcceptable(input.url);
    return toWebhook(await this.webhooks.save(entity));
  }

  /** Its pending deliveries and their log go with it. */
  async delete(accountId: number, id: number): Promise<null> {
    await this.webhooks.delete({ id: (await this.find(accountId, id)).id });
    return null;
  }

  /** A deleted account's webhooks (and their pending deliveries) go with it, in the caller's transaction. */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM webhook_dispatcher.webhooks WHERE account_id = $1', [accountId]);
  }

  find(accountId: number, id: number): Promise<WebhookEntity> {
    return findOneOrFail(this.webhooks, { accountId, id }, 'Webhook', WebhookErrors.notFound);
  }
}
