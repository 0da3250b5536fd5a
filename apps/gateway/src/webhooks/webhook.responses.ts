import { ApiProperty } from '@nestjs/swagger';
import {
  WEBHOOK_EVENT_NAMES,
  type Webhook,
  type WebhookDeliveryAttempt,
  type WebhookDeliveryPage,
  type WebhookEventName,
} from '@parley/contracts';

export class WebhookView implements Webhook {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() url: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_NAMES, isArray: true }) subscriptions: WebhookEventName[];
  @ApiProperty({
    description: 'Signs every request: X-Parley-Signature = sha256=HMAC-SHA256(secret, "<timestamp>.<body>")',
  })
  secret: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class WebhookListView {
  @ApiProperty({ type: [WebhookView] }) payload: WebhookView[];
}

class DeliveryAttemptView implements WebhookDeliveryAttempt {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'X-Parley-Delivery: the same on every attempt of one delivery' }) delivery_id: string;
  @ApiProperty({ nullable: true, type: String }) event_id: string | null;
  @ApiProperty() event: string;
  @ApiProperty({ description: '1 for the first try' }) attempt: number;
  @ApiProperty({ nullable: true, type: Number }) status_code: number | null;
  @ApiProperty({ nullable: true, type: String }) error: string | null;
  @ApiProperty() latency_ms: number;
  @ApiProperty({ format: 'date-time' }) attempted_at: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) next_retry_at: string | null;
  @ApiProperty({ enum: ['delivered', 'retrying', 'discarded'] }) state: WebhookDeliveryAttempt['state'];
}

type DeliveryPageMetaFields = WebhookDeliveryPage['meta'];

class DeliveryPageMeta implements DeliveryPageMetaFields {
  @ApiProperty({ description: 'attempts in total' }) count: number;
  @ApiProperty() current_page: number;
}

export class DeliveryPageView implements WebhookDeliveryPage {
  @ApiProperty({ type: DeliveryPageMeta }) meta: DeliveryPageMeta;
  @ApiProperty({ type: DeliveryAttemptView, isArray: true }) payload: DeliveryAttemptView[];
}
