import { ApiProperty } from '@nestjs/swagger';
import type { Label } from '@parley/contracts';

export class LabelView implements Label {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty() color: string;
  @ApiProperty() show_on_sidebar: boolean;
}

export class LabelListView {
  @ApiProperty({ type: [LabelView] }) payload: LabelView[];
}

/** `{"payload": ["title", …]}`: the labels of a conversation or a contact. */
export class LabelTitlesView {
  @ApiProperty({ type: [String] }) payload: string[];
}
