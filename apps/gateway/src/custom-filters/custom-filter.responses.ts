import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CUSTOM_FILTER_TYPES,
  FILTER_OPERATORS,
  type CustomFilter,
  type CustomFilterQuery,
  type CustomFilterType,
  type FilterCondition,
  type FilterOperator,
} from '@parley/contracts';

class SavedFilterConditionView implements FilterCondition {
  @ApiProperty() attribute_key: string;
  @ApiProperty({ enum: FILTER_OPERATORS }) filter_operator: FilterOperator;
  @ApiProperty({ type: 'array', items: {} }) values: unknown[];
  @ApiPropertyOptional({ enum: ['and', 'or'], nullable: true }) query_operator?: 'and' | 'or' | null;
}

class CustomFilterQueryView implements CustomFilterQuery {
  @ApiProperty({ type: [SavedFilterConditionView] }) payload: SavedFilterConditionView[];
}

export class CustomFilterView implements CustomFilter {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: CUSTOM_FILTER_TYPES }) filter_type: CustomFilterType;
  @ApiProperty({ type: CustomFilterQueryView }) query: CustomFilterQueryView;
  @ApiProperty() created_at: number;
  @ApiProperty() updated_at: number;
}
