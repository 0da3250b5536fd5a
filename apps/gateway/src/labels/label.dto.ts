import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import type { CreateLabelInput } from '@parley/contracts';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

export class CreateLabelDto implements CreateLabelInput {
  @ApiProperty({ example: 'billing', description: 'Unique per account; stored lower-case; letters, digits, - and _' })
  @IsString()
  @IsNotEmpty()
  title: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  @ApiPropertyOptional({ example: '#1f93ff' })
  @IsOptional()
  @IsString()
  color?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  show_on_sidebar?: boolean;
}

export class UpdateLabelDto extends PartialType(CreateLabelDto) {}

export class LabelView {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty() color: string;
  @ApiProperty() show_on_sidebar: boolean;
}
