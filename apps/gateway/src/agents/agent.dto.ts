import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AVAILABILITY_STATUSES,
  ROLES,
  type AvailabilityStatus,
  type InviteAgentInput,
  type Role,
  type UpdateAgentInput,
} from '@parley/contracts';
import { IsBoolean, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MayBeOmitted } from '../http/tolerant-input.decorators';

export class InviteAgentDto implements InviteAgentInput {
  @ApiProperty({ example: 'bob@example.com' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  email: string;

  @ApiProperty({ example: 'Bob' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES)
  role: Role;
}

export class UpdateAgentDto implements UpdateAgentInput {
  @ApiPropertyOptional()
  @MayBeOmitted()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiPropertyOptional({ enum: ROLES })
  @MayBeOmitted()
  @IsIn(ROLES)
  role?: Role;

  @ApiPropertyOptional({ enum: AVAILABILITY_STATUSES })
  @MayBeOmitted()
  @IsIn(AVAILABILITY_STATUSES)
  availability_status?: AvailabilityStatus;

  @ApiPropertyOptional({ description: 'Whether the agent goes offline by itself when it leaves' })
  @MayBeOmitted()
  @IsBoolean()
  auto_offline?: boolean;
}
