import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CreateLabelInput } from '@parley/contracts';
import { IsBoolean, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { MayBeOmitted, UpdateOf } from '../http/tolerant-input.decorators';

export class CreateLabelDto implements CreateLabelInput {
  @ApiProperty({ example: 'billing', description: 'Unique per account; stored lower-case; letters, digits, - and _' })
  @IsString()
  @IsNotEmpty()
  title: string;

  @ApiPropertyOptional({ nullable: true })
  @MayBeOmitted()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  @ApiPropertyOptional({ example: '#1f93ff' })
  @MayBeOmitted()
  @IsString()
  color?: string;

  @ApiPropertyOptional({ default: true })
  @MayBeOmitted()
  @IsBoolean()
  show_on_sidebar?: boolean;
}

export class UpdateLabelDto extends UpdateOf(CreateLabelDto) {}
