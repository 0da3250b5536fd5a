import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { ROLES, type AddAccountUserInput, type CreateAccountInput, type CreateUserInput, type Role } from '@parley/contracts';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsPositive, IsString, MaxLength } from 'class-validator';

export class CreateAccountDto implements CreateAccountInput {
  @ApiProperty({ example: 'Acme Inc' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;
}

export class UpdateAccountDto extends PartialType(CreateAccountDto) {}

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
  @IsOptional()
  @IsString()
  @MaxLength(255)
  display_name?: string;

  @ApiPropertyOptional({ minLength: 8 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  password?: string;
}

export class UpdateUserDto extends PartialType(CreateUserDto) {}

export class AddAccountUserDto implements AddAccountUserInput {
  @ApiProperty()
  @IsInt()
  @IsPositive()
  user_id: number;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES)
  role: Role;
}

export class RemoveAccountUserDto {
  @ApiProperty()
  @IsInt()
  @IsPositive()
  user_id: number;
}
