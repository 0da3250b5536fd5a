import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ROLES,
  type AddAccountUserInput,
  type CreateAccountInput,
  type CreateUserInput,
  type Role,
} from '@parley/contracts';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsId, MayBeOmitted, UpdateOf } from '../http/tolerant-input.decorators';

export class CreateAccountDto implements CreateAccountInput {
  @ApiProperty({ example: 'Acme Inc' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;
}

export class UpdateAccountDto extends UpdateOf(CreateAccountDto) {}

export class CreateUserDto implements CreateUserInput {
  @ApiProperty({ example: 'Alice Agent' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  @ApiProperty({ example: 'alice@example.com' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  email: string;

  @ApiPropertyOptional()
  @MayBeOmitted()
  @IsString()
  @MaxLength(255)
  display_name?: string;

  @ApiPropertyOptional({ minLength: 8 })
  @MayBeOmitted()
  @IsString()
  @MaxLength(200)
  password?: string;
}

export class UpdateUserDto extends UpdateOf(CreateUserDto) {}

export class AddAccountUserDto implements AddAccountUserInput {
  @ApiProperty()
  @IsId()
  user_id: number;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES)
  role: Role;
}

export class RemoveAccountUserDto {
  @ApiProperty()
  @IsId()
  user_id: number;
}
