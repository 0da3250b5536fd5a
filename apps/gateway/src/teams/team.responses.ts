import { ApiProperty } from '@nestjs/swagger';
import type { Team } from '@parley/contracts';

export class TeamView implements Team {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() allow_auto_assign: boolean;
  @ApiProperty({ description: 'Whether the caller belongs to the team' }) is_member: boolean;
}
