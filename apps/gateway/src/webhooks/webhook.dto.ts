import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WEBHOOK_EVENT_NAMES, type CreateWebhookInput, type WebhookDeliveryAttempt } from '@parley/contracts';
import { IsArray, IsInt, IsString, Max, Min } from 'class-validator';
import { MayBeOmitted, ToInteger, UpdateOf } from '../http/tolerant-input.decorators';

/** Shapes only: whether the URL is acceptable and the names are known is the dispatcher's 422. */
export class CreateWebhookDto implements CreateWebhookInput {
  @ApiProperty({ example: 'https://hooks.example.com/parley', description: 'HTTPS, resolving only to public addresses' })
  @IsString()
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_NAMES, isArray: true, example: ['conversation_created', 'message_created'] })
  @IsArray()
  @IsString({ each: true })
  subscriptions: string[];
}

/** `subscriptions` replaces the previous list completely. */
export class UpdateWebhookDto extends UpdateOf(CreateWebhookDto) {}

export class DeliveriesQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 }) @ToInteger() @MayBeOmitted() @IsInt() @Min(1) @Max(100_000) page?: number;
}

export class WebhookView {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() url: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_NAMES, isArray: true }) subscriptions: string[];
  @ApiProperty({ description: 'Signs every request: X-Parley-Signature = sha256=HMAC-SHA256(secret, "<timestamp>.<body>")' }) secret: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class DeliveryAttemptView implements WebhookDeliveryAttempt {
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

class DeliveryPageMeta {
  @ApiProperty({ description: 'attempts in total' }) count: number;
  @ApiProperty() current_page: number;
}

export class DeliveryPageView {
  @ApiProperty({ type: DeliveryPageMeta }) meta: DeliveryPageMeta;
  @ApiProperty({ type: DeliveryAttemptView, isArray: true }) payload: DeliveryAttemptView[];
}
