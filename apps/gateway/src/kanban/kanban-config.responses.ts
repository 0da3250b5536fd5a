import { ApiProperty } from '@nestjs/swagger';
import {
  KANBAN_EVENT_NAMES,
  KANBAN_VIEWS,
  type KanbanConfig,
  type KanbanConfigOptions,
  type KanbanEventName,
  type KanbanView,
  type KanbanWebhookTest,
} from '@parley/contracts';

class KanbanOptionsView implements KanbanConfigOptions {
  @ApiProperty() title: string;
  @ApiProperty({ enum: KANBAN_VIEWS }) default_view: KanbanView;
  @ApiProperty() auto_assignment: boolean;
  @ApiProperty() notifications_enabled: boolean;
  @ApiProperty() dragbar_enabled: boolean;
  @ApiProperty() list_view_enabled: boolean;
  @ApiProperty() agenda_view_enabled: boolean;
}

export class KanbanConfigView implements KanbanConfig {
  @ApiProperty() account_id: number;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ nullable: true, type: String }) webhook_url: string | null;
  @ApiProperty({ nullable: true, type: String }) webhook_secret: string | null;
  @ApiProperty({ enum: KANBAN_EVENT_NAMES, isArray: true }) webhook_events: KanbanEventName[];
  @ApiProperty({ type: KanbanOptionsView }) config: KanbanOptionsView;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'null while the defaults apply' })
  created_at: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) updated_at: string | null;
}

export class KanbanWebhookTestView implements KanbanWebhookTest {
  @ApiProperty() delivery_id: string;
  @ApiProperty({
    enum: ['delivered', 'retrying', 'discarded', 'pending'],
    description: "The first attempt's outcome (pending: none yet)",
  })
  state: string;
  @ApiProperty({ nullable: true, type: Number }) status_code: number | null;
  @ApiProperty({ nullable: true, type: String }) error: string | null;
}
