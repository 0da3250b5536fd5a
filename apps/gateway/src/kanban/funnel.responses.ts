import { ApiProperty } from '@nestjs/swagger';
import type { Funnel, FunnelAttributeDefinition, FunnelStage } from '@parley/contracts';

const STAGE_SCHEMA = {
  type: 'object',
  required: ['id', 'name', 'color', 'position', 'description'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    color: { type: 'string' },
    position: { type: 'integer' },
    description: { type: 'string', nullable: true },
  },
};

export class FunnelStageView implements FunnelStage {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'hex' }) color: string;
  @ApiProperty() position: number;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
}

class AttributeDefinitionView implements FunnelAttributeDefinition {
  @ApiProperty() key: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['text', 'number', 'date', 'list', 'checkbox', 'link'] })
  type: FunnelAttributeDefinition['type'];
  @ApiProperty({ type: [String] }) values: string[];
  @ApiProperty() required: boolean;
}

export class FunnelView implements Funnel {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty() active: boolean;
  @ApiProperty() is_default: boolean;
  @ApiProperty({
    type: 'object',
    additionalProperties: STAGE_SCHEMA,
    description: 'Stage id → stage, in position order',
  })
  stages: Record<string, FunnelStage>;
  @ApiProperty({ type: 'object', additionalProperties: true }) settings: Record<string, unknown>;
  @ApiProperty({ type: [AttributeDefinitionView] }) global_custom_attributes: AttributeDefinitionView[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** `{"<stage_id>": {name, count, total_value}}` for the cards now in each stage. */
export const STAGE_STATS_SCHEMA = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['name', 'count', 'total_value'],
    properties: { name: { type: 'string' }, count: { type: 'integer' }, total_value: { type: 'number' } },
  },
};
