import { ApiProperty } from '@nestjs/swagger';
import { MACRO_VISIBILITIES, type Macro, type MacroExecution, type MacroVisibility } from '@parley/contracts';
import { RuleActionOutcomeView, RuleActionView } from '../automation-rules/automation-rule.responses';

export class MacroView implements Macro {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: MACRO_VISIBILITIES }) visibility: MacroVisibility;
  @ApiProperty({ type: [RuleActionView] }) actions: RuleActionView[];
  @ApiProperty() created_by: number;
  @ApiProperty({ description: 'Unix seconds' }) created_at: number;
  @ApiProperty({ description: 'Unix seconds' }) updated_at: number;
}

/** `{"payload": [macro, …]}`: global macros and the caller's personal ones. */
export class MacroListView {
  @ApiProperty({ type: [MacroView] }) payload: MacroView[];
}

class MacroConversationOutcomeView {
  @ApiProperty() conversation_id: number;
  @ApiProperty({ type: [RuleActionOutcomeView] }) actions: RuleActionOutcomeView[];
}

export class MacroExecutionView implements MacroExecution {
  @ApiProperty({ type: [MacroConversationOutcomeView] }) payload: MacroConversationOutcomeView[];
}
