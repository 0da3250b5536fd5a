import { ApiProperty } from '@nestjs/swagger';

const SERVICE_STATES = ['ok', 'failing'];

export class ApiInfoView {
  @ApiProperty() version: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ enum: SERVICE_STATES, description: 'NATS' }) queue_services: string;
  @ApiProperty({ enum: SERVICE_STATES, description: 'The messaging service and its database' }) data_services: string;
}
