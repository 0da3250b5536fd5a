export const CSAT_RATINGS = [1, 2, 3, 4, 5] as const;

/** What a contact posts to the survey's public address. */
export interface CsatRatingInput {
  rating: number;
  feedback_message?: string | null;
}

export interface CsatSurveyResponse {
  id: number;
  rating: number;
  feedback_message: string | null;
  conversation_id: number;
  inbox_id: number;
  assigned_agent_id: number | null;
  created_at: number;
}

export interface CsatReportQuery {
  since?: number;
  until?: number;
  agent_id?: number;
  inbox_id?: number;
  rating?: number;
  page?: number;
}

export interface CsatMetrics {
  total_response_count: number;
  /** Keyed "1" … "5". */
  ratings_count: Record<string, number>;
  /** Share of responses rated 4 or 5, in percent (0 without responses). */
  satisfaction_score: number;
  /** Responses per survey sent in the window, in percent (0 without surveys). */
  response_rate: number;
}

export interface CsatReport {
  metrics: CsatMetrics;
  csat_survey_responses: CsatSurveyResponse[];
  meta: { current_page: number; total_pages: number };
}

export const CSAT_RESPONSES_PAGE_SIZE = 25;

/** A survey messaging sent: where, and when (Unix seconds). */
export interface CsatSurveySent {
  account_id: number;
  conversation_id: number;
  inbox_id: number;
  assignee_id: number | null;
  sent_at: number;
}
