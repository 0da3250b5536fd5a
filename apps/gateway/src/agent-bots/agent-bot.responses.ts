import { ApiProperty } from '@nestjs/swagger';
import type { AgentBot } from '@parley/contracts';

export class AgentBotView implements AgentBot {
  @ApiProperty() id: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Null for a platform bot (usable by every account)' })
  account_id: number | null;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true }) outgoing_url: string | null;
  @ApiProperty() created_at: number;
  @ApiProperty() updated_at: number;
}
