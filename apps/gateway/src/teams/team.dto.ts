import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CreateTeamInput } from '@parley/contracts';
import { ArrayMaxSize, IsArray, IsBoolean, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsId, MayBeOmitted, ToInteger, UpdateOf } from '../http/tolerant-input.decorators';

export class CreateTeamDto implements CreateTeamInput {
  @ApiProperty({ example: 'Support' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  @ApiPropertyOptional({ nullable: true })
  @MayBeOmitted()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  @ApiPropertyOptional({ default: true })
  @MayBeOmitted()
  @IsBoolean()
  allow_auto_assign?: boolean;
}

export class UpdateTeamDto extends UpdateOf(CreateTeamDto) {}

/** `user_ids` of agents of the account (numbers or numeric strings). */
export class UserIdsDto {
  @ApiProperty({ type: [Number] })
  @ToInteger()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsId({ each: true })
  user_ids: number[];
}
