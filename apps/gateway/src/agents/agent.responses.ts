import { ApiProperty } from '@nestjs/swagger';
import { AVAILABILITY_STATUSES, ROLES, type Agent, type AvailabilityStatus, type Role } from '@parley/contracts';

export class AgentView implements Agent {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty({ enum: AVAILABILITY_STATUSES }) availability_status: AvailabilityStatus;
  @ApiProperty({ description: 'False while the invitation has not been accepted' }) confirmed: boolean;
  @ApiProperty({ description: 'Goes offline by itself when the agent leaves (default true)' }) auto_offline: boolean;
  @ApiProperty({ description: 'The display name, else the name' }) available_name: string;
  @ApiProperty() thumbnail: string;
}

/** `{"payload": [agent, …]}` (inbox members). */
export class AgentListView {
  @ApiProperty({ type: [AgentView] }) payload: AgentView[];
}
