import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MACRO_ACTION_NAMES, MACRO_VISIBILITIES, type CreateMacroInput, type MacroVisibility } from '@parley/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, MaxLength, ValidateNested } from 'class-validator';
import { RuleActionDto } from '../automation-rules/automation-rule.dto';
import { IsId, MayBeOmitted, UpdateOf } from '../http/tolerant-input.decorators';

/** Shapes only (400): whether the actions are allowed and their params name real things is the automation service's 422. */
export class CreateMacroDto implements CreateMacroInput {
  @ApiProperty() @IsString() @MaxLength(255) name: string;
  @ApiPropertyOptional({ enum: MACRO_VISIBILITIES, default: 'personal' })
  @MayBeOmitted()
  @IsIn(MACRO_VISIBILITIES)
  visibility?: MacroVisibility;

  @ApiProperty({ type: [RuleActionDto], description: `Allowed: ${MACRO_ACTION_NAMES.join(', ')}` })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => RuleActionDto)
  actions: RuleActionDto[];
}

export class UpdateMacroDto extends UpdateOf(CreateMacroDto) {}

export class ExecuteMacroDto {
  @ApiProperty({ type: [Number], description: 'Conversation numbers (display ids), one or more' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsId({ each: true })
  conversation_ids: number[];
}
