import { CSAT_RATINGS, type CsatMetrics } from '@parley/contracts';

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/** The metrics of the responses' ratings against the surveys sent: satisfaction is the share rated 4–5. */
export function csatMetrics(ratings: Map<number, number>, surveysSent: number): CsatMetrics {
  const ratings_count = Object.fromEntries(CSAT_RATINGS.map((rating) => [String(rating), ratings.get(rating) ?? 0]));
  const total = CSAT_RATINGS.reduce((sum, rating) => sum + (ratings.get(rating) ?? 0), 0);
  const satisfied = (ratings.get(4) ?? 0) + (ratings.get(5) ?? 0);
  return {
    total_response_count: total,
    ratings_count,
    satisfaction_score: percent(satisfied, total),
    response_rate: percent(total, surveysSent),
  };
}

export function satisfactionScore(ratings: Map<number, number>): number {
  return csatMetrics(ratings, 0).satisfaction_score;
}
