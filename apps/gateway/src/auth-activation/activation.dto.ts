import { ApiProperty } from '@nestjs/swagger';
import type { ActivateInput } from '@parley/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ActivateDto implements ActivateInput {
  @ApiProperty({ description: 'The token from the invitation e-mail' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;

  @ApiProperty({ minLength: 8 })
  @IsString()
  @MaxLength(200)
  password: string;
}
