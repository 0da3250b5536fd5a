import { ApiPropertyOptional } from '@nestjs/swagger';
import { AVAILABILITY_STATUSES, type AvailabilityStatus, type UpdateProfileInput } from '@parley/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { IsId, MayBeOmitted, ToOptionalId } from '../http/tolerant-input.decorators';

export class ProfileFieldsDto implements UpdateProfileInput {
  @ApiPropertyOptional()
  @MayBeOmitted()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiPropertyOptional({ nullable: true })
  @MayBeOmitted()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(255)
  display_name?: string | null;

  @ApiPropertyOptional({ enum: AVAILABILITY_STATUSES })
  @MayBeOmitted()
  @IsIn(AVAILABILITY_STATUSES)
  availability?: AvailabilityStatus;

  @ApiPropertyOptional({ description: 'Account the availability is for; all of your accounts when omitted' })
  @ToOptionalId()
  @MayBeOmitted()
  @IsId()
  account_id?: number;
}

/** The fields at top level, or wrapped in `profile` as some clients send them. */
export class UpdateProfileDto extends ProfileFieldsDto {
  @ApiPropertyOptional({ type: ProfileFieldsDto })
  @MayBeOmitted()
  @ValidateNested()
  @Type(() => ProfileFieldsDto)
  profile?: ProfileFieldsDto;
}
