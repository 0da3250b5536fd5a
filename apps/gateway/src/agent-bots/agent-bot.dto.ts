import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CreateAgentBotInput } from '@parley/contracts';
import { IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { MayBeOmitted, UpdateOf } from '../http/tolerant-input.decorators';

export class CreateAgentBotDto implements CreateAgentBotInput {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) name: string;

  @ApiPropertyOptional({ nullable: true })
  @MayBeOmitted()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Where the bot receives the events of its inboxes' })
  @MayBeOmitted()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(2048)
  outgoing_url?: string | null;
}

export class UpdateAgentBotDto extends UpdateOf(CreateAgentBotDto) {}
