import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CreateCannedResponseInput } from '@parley/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MayBeOmitted, UpdateOf } from '../http/tolerant-input.decorators';

export class CreateCannedResponseDto implements CreateCannedResponseInput {
  @ApiProperty({ example: 'greeting', description: 'No spaces; unique per account' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  short_code: string;
  @ApiProperty({ example: 'Hi {{contact.name}}, thanks for reaching out!' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100_000)
  content: string;
}

export class UpdateCannedResponseDto extends UpdateOf(CreateCannedResponseDto) {}

export class CannedResponseQueryDto {
  @ApiPropertyOptional({ description: 'Matches short code and content' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(255)
  search?: string;
}
