import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { KANBAN_AUTOMATION_ACTIONS, KANBAN_AUTOMATION_TRIGGERS, type KanbanAutomationInput } from '@parley/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNumber,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsId, MayBeOmitted, ToInteger } from '../http/tolerant-input.decorators';
import { STAGE_ID_PATTERN } from './funnel.dto';

/** Shapes only: the trigger, conditions and actions are judged by the Kanban service (422 naming the fault). */
class KanbanAutomationFieldsDto implements KanbanAutomationInput {
  @ApiPropertyOptional({ description: 'Required on create' }) @MayBeOmitted() @IsString() @MaxLength(255) name?: string;
  @ApiPropertyOptional({ description: 'Required on create' }) @MayBeOmitted() @IsId() funnel_id?: number;
  @ApiPropertyOptional({ description: `One of ${KANBAN_AUTOMATION_TRIGGERS.join(', ')}` })
  @MayBeOmitted()
  @IsString()
  @MaxLength(32)
  trigger?: string;
  @ApiPropertyOptional({ nullable: true, type: String })
  @ValidateIf((_, v) => v !== undefined && v !== null)
  @IsString()
  @Matches(STAGE_ID_PATTERN)
  stage_id?: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'time_in_stage: hours in the stage' })
  @ValidateIf((_, v) => v !== undefined && v !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  hours?: number | null;
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: '{attribute, operator, value}, all must hold',
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(20)
  conditions?: unknown[];
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: `{action_name, action_params}; action_name one of ${KANBAN_AUTOMATION_ACTIONS.join(', ')}`,
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(20)
  actions?: unknown[];
  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() active?: boolean;
}

/** `{"kanban_automation": {…}}`. */
export class KanbanAutomationBodyDto {
  @ApiProperty({ type: KanbanAutomationFieldsDto })
  @IsObject()
  @ValidateNested()
  @Type(() => KanbanAutomationFieldsDto)
  kanban_automation: KanbanAutomationFieldsDto;
}

/** The legacy routes take the account from the token; `account_id` chooses one when the token's user has several. */
export class LegacyAccountQueryDto {
  @ApiPropertyOptional() @ToInteger() @MayBeOmitted() @IsId() account_id?: number;
}
