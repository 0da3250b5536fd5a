import { ApiProperty } from '@nestjs/swagger';
import { WEBHOOK_EVENT_NAMES, type CreateWebhookInput } from '@parley/contracts';
import { IsArray, IsString } from 'class-validator';
import { IsPage, UpdateOf } from '../http/tolerant-input.decorators';

/** Shapes only: whether the URL is acceptable and the names are known is the dispatcher's 422. */
export class CreateWebhookDto implements CreateWebhookInput {
  @ApiProperty({
    example: 'https://hooks.example.com/parley',
    description: 'HTTPS, resolving only to public addresses',
  })
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
  @IsPage() page?: number;
}
