import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AUTOMATION_EVENT_NAMES,
  CONDITION_ATTRIBUTE_KEYS,
  RULE_ACTION_NAMES,
  RULE_CONDITION_OPERATORS,
  type CreateAutomationRuleInput,
  type RuleAction,
  type RuleCondition,
} from '@parley/contracts';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { IsPage, MayBeOmitted, UpdateOf } from '../http/tolerant-input.decorators';

/** Shapes only (400): whether keys, operators, values and params make sense is the automation service's 422. */
export class RuleConditionDto implements RuleCondition {
  @ApiProperty({ example: 'status', description: `${CONDITION_ATTRIBUTE_KEYS.join(', ')} or custom_attributes.<key>` })
  @IsString()
  @MaxLength(255)
  attribute_key: string;
  @ApiProperty({ enum: RULE_CONDITION_OPERATORS }) @IsString() @MaxLength(64) filter_operator: string;
  @ApiPropertyOptional({ type: 'array', items: {} }) @MayBeOmitted() @IsArray() @ArrayMaxSize(100) values: unknown[] =
    [];
  @ApiPropertyOptional({
    enum: ['and', 'or'],
    nullable: true,
    description: 'Joins this condition to the next; case-insensitive',
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  query_operator?: 'and' | 'or' | null;
}

export class RuleActionDto implements RuleAction {
  @ApiProperty({ enum: RULE_ACTION_NAMES }) @IsString() @MaxLength(64) action_name: string;
  @ApiPropertyOptional({ type: 'array', items: {} })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(100)
  action_params: unknown[] = [];
}

export class CreateAutomationRuleDto implements CreateAutomationRuleInput {
  @ApiProperty() @IsString() @MaxLength(255) name: string;
  @ApiPropertyOptional({ nullable: true, type: String })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(10_000)
  description?: string | null;
  @ApiProperty({ enum: AUTOMATION_EVENT_NAMES }) @IsString() event_name: string;

  @ApiProperty({ type: [RuleConditionDto] })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => RuleConditionDto)
  conditions: RuleConditionDto[];

  @ApiProperty({ type: [RuleActionDto] })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => RuleActionDto)
  actions: RuleActionDto[];

  @ApiPropertyOptional({ default: true }) @MayBeOmitted() @IsBoolean() active?: boolean;
}

export class UpdateAutomationRuleDto extends UpdateOf(CreateAutomationRuleDto) {}

export class RunsQueryDto {
  @IsPage() page?: number;
}
