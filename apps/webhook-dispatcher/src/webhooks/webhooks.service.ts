import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { WebhookErrors, type CreateWebhookInput, type UpdateWebhookInput, type Webhook } from '@parley/contracts';
import { DomainError, selectOneOrFail } from '@parley/service-kit';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { TargetGuard } from '../targets/target.guard';
import { WEBHOOK_COLUMNS, type WebhookRow } from './persistence/webhook.row';
import { toWebhook } from './webhook.mapper';
import { normaliseSubscriptions } from './webhook.rules';

const notFound = () => new DomainError(WebhookErrors.notFound, 'Webhook not found');

/** Account webhooks: where an account's events go. Creating one does not call its URL. */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly targets: TargetGuard,
  ) {}

  async list(accountId: number): Promise<Webhook[]> {
    const rows: WebhookRow[] = await this.dataSource.query(
      `SELECT ${WEBHOOK_COLUMNS} FROM webhook_dispatcher.webhooks WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );
    return rows.map(toWebhook);
  }

  async create(accountId: number, input: CreateWebhookInput): Promise<Webhook> {
    const subscriptions = normaliseSubscriptions(input.subscriptions);
    const url = await this.targets.assertAcceptable(input.url);
    const [row]: WebhookRow[] = await this.dataSource.query(
      `INSERT INTO webhook_dispatcher.webhooks (account_id, url, subscriptions, secret) VALUES ($1, $2, $3, $4) RETURNING ${WEBHOOK_COLUMNS}`,
      [accountId, url, subscriptions, randomBytes(32).toString('base64url')],
    );
    return toWebhook(row);
  }

  /** updated_at moves only when a value changes. */
  async update(accountId: number, id: number, input: UpdateWebhookInput): Promise<Webhook> {
    const current = await this.find(accountId, id);
    const subscriptions =
      input.subscriptions === undefined ? current.subscriptions : normaliseSubscriptions(input.subscriptions);
    const url = input.url === undefined ? current.url : await this.targets.assertAcceptable(input.url);
    const [rows] = (await this.dataSource.query(
      `UPDATE webhook_dispatcher.webhooks
          SET url = $2, subscriptions = $3,
              updated_at = CASE WHEN (url, subscriptions) IS DISTINCT FROM ($2::text, $3::text[]) THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`,
      [id, url, subscriptions],
    )) as [WebhookRow[], number];
    // Deleted meanwhile: answered as if it had gone before the update.
    if (!rows[0]) throw notFound();
    return toWebhook(rows[0]);
  }

  /** Its pending deliveries and their log go with it. */
  async delete(accountId: number, id: number): Promise<null> {
    const [, count] = (await this.dataSource.query(
      'DELETE FROM webhook_dispatcher.webhooks WHERE id = $1 AND account_id = $2',
      [id, accountId],
    )) as [unknown, number];
    if (count === 0) throw notFound();
    return null;
  }

  /** A deleted account's webhooks (and their pending deliveries) go with it, in the caller's transaction. */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM webhook_dispatcher.webhooks WHERE account_id = $1', [accountId]);
  }

  find(accountId: number, id: number): Promise<WebhookRow> {
    const sql = `SELECT ${WEBHOOK_COLUMNS} FROM webhook_dispatcher.webhooks WHERE account_id = $1 AND id = $2`;
    return selectOneOrFail(this.dataSource, sql, [accountId, id], 'Webhook', WebhookErrors.notFound);
  }
}
