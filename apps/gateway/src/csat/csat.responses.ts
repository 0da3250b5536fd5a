import { ApiProperty } from '@nestjs/swagger';
import type { CsatMetrics, CsatReport, CsatSurveyResponse } from '@parley/contracts';

export class CsatSurveyResponseView implements CsatSurveyResponse {
  @ApiProperty() id: number;
  @ApiProperty() rating: number;
  @ApiProperty({ type: String, nullable: true }) feedback_message: string | null;
  @ApiProperty() conversation_id: number;
  @ApiProperty() inbox_id: number;
  @ApiProperty({ type: Number, nullable: true }) assigned_agent_id: number | null;
  @ApiProperty() created_at: number;
}

class CsatMetricsView implements CsatMetrics {
  @ApiProperty() total_response_count: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'keyed 1 … 5' })
  ratings_count: Record<string, number>;
  @ApiProperty({ description: 'percent rated 4 or 5' }) satisfaction_score: number;
  @ApiProperty({ description: 'percent of surveys sent that got a response' }) response_rate: number;
}

class CsatPageMetaView {
  @ApiProperty() current_page: number;
  @ApiProperty() total_pages: number;
}

export class CsatReportView implements CsatReport {
  @ApiProperty({ type: CsatMetricsView }) metrics: CsatMetricsView;
  @ApiProperty({ type: [CsatSurveyResponseView] }) csat_survey_responses: CsatSurveyResponseView[];
  @ApiProperty({ type: CsatPageMetaView }) meta: CsatPageMetaView;
}
