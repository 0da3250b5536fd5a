import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CSAT_RESPONSES_PAGE_SIZE,
  CsatErrors,
  CsatSurveyPatterns,
  type CsatRatingInput,
  type CsatReport,
  type CsatReportQuery,
  type CsatSurveyResponse,
} from '@parley/contracts';
import { DomainError, OWNER_LOOKUP_TIMEOUT_MS, RpcClient } from '@parley/service-kit';
import type { DataSource } from 'typeorm';
import { REPORTING_CONFIG, type ReportingConfig } from '../reporting.config';
import { windowOf, type Window } from '../report-window/report-window.rules';
import { csatMetrics, satisfactionScore } from './csat-metrics.rules';
import { INSERT_SURVEYS_IF_NEW, RESPONSE_COLUMNS } from './persistence/csat-survey.row';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Omit<CsatSurveyResponse, 'created_at'> & { created_at: string };
const toResponse = (row: Row): CsatSurveyResponse => ({ ...row, created_at: Number(row.created_at) });

/** Contacts' ratings (public, keyed by the survey's token) and the CSAT report. */
@Injectable()
export class CsatService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REPORTING_CONFIG) private readonly config: ReportingConfig,
    private readonly rpc: RpcClient,
  ) {}

  /** One response per survey: rating again replaces the first answer. */
  async rate(token: string, input: CsatRatingInput): Promise<CsatSurveyResponse> {
    if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) {
      throw new DomainError(CsatErrors.invalidRating, 'rating must be an integer from 1 to 5', ['rating']);
    }
    const missing = () => new DomainError(CsatErrors.surveyNotFound, 'Survey not found');
    if (!UUID.test(token)) throw missing();
    const saved =
      (await this.save(token, input)) ?? ((await this.learnSurvey(token)) ? await this.save(token, input) : null);
    if (!saved) throw missing();
    return toResponse(saved);
  }

  /** Asks messaging about a survey not seen here yet (its event may still be on the way) and records it; false when messaging sent none. */
  private async learnSurvey(token: string): Promise<boolean> {
    const sent = await this.rpc.send(CsatSurveyPatterns.find, { token }, { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS });
    if (!sent) return false;
    await this.db.query(INSERT_SURVEYS_IF_NEW, [JSON.stringify([{ token, bot_handled: false, ...sent }])]);
    return true;
  }

  private async save(token: string, input: CsatRatingInput): Promise<Row | undefined> {
    const [saved]: Row[] = await this.db.query(
      `WITH saved AS (
         INSERT INTO reporting.csat_responses (token, account_id, rating, feedback_message)
         SELECT token, account_id, $2, $3 FROM reporting.csat_surveys WHERE token = $1
         ON CONFLICT (token) DO UPDATE SET rating = EXCLUDED.rating, feedback_message = EXCLUDED.feedback_message, updated_at = now()
         RETURNING *
       )
       SELECT ${RESPONSE_COLUMNS} FROM saved r JOIN reporting.csat_surveys s ON s.token = r.token`,
      [token, input.rating, input.feedback_message ?? null],
    );
    return saved;
  }

  async report(accountId: number, query: CsatReportQuery): Promise<CsatReport> {
    const window = windowOf(query, this.config, Math.floor(Date.now() / 1000));
    const params = [accountId, window.since, window.until, query.agent_id ?? null, query.inbox_id ?? null];
    const surveyFilter = `s.account_id = $1 AND ($4::int IS NULL OR s.assignee_id = $4) AND ($5::int IS NULL OR s.inbox_id = $5)`;
    const responseFilter = `${surveyFilter} AND r.created_at >= to_timestamp($2) AND r.created_at < to_timestamp($3)`;
    const counts: Array<{ rating: number; count: number }> = await this.db.query(
      `SELECT r.rating, count(*)::int AS count FROM reporting.csat_responses r JOIN reporting.csat_surveys s ON s.token = r.token
       WHERE ${responseFilter} GROUP BY r.rating`,
      params,
    );
    const [{ sent }] = await this.db.query(
      `SELECT count(*)::int AS sent FROM reporting.csat_surveys s WHERE ${surveyFilter} AND s.sent_at >= to_timestamp($2) AND s.sent_at < to_timestamp($3)`,
      params,
    );
    const page = Math.max(1, query.page ?? 1);
    const listed = [...params, query.rating ?? null, CSAT_RESPONSES_PAGE_SIZE, (page - 1) * CSAT_RESPONSES_PAGE_SIZE];
    const rows: Row[] = await this.db.query(
      `SELECT ${RESPONSE_COLUMNS} FROM reporting.csat_responses r JOIN reporting.csat_surveys s ON s.token = r.token
       WHERE ${responseFilter} AND ($6::int IS NULL OR r.rating = $6) ORDER BY r.created_at DESC, r.id DESC LIMIT $7 OFFSET $8`,
      listed,
    );
    const ratings = new Map(counts.map((row) => [row.rating, row.count]));
    const matching =
      query.rating === undefined ? [...ratings.values()].reduce((a, b) => a + b, 0) : (ratings.get(query.rating) ?? 0);
    return {
      metrics: csatMetrics(ratings, sent),
      csat_survey_responses: rows.map(toResponse),
      meta: { current_page: page, total_pages: Math.ceil(matching / CSAT_RESPONSES_PAGE_SIZE) },
    };
  }

  /** Satisfaction of responses (in the window) to surveys of conversations a bot handled alone. */
  async postBotSatisfaction(accountId: number, window: Window): Promise<number> {
    const counts: Array<{ rating: number; count: number }> = await this.db.query(
      `SELECT r.rating, count(*)::int AS count FROM reporting.csat_responses r JOIN reporting.csat_surveys s ON s.token = r.token
       WHERE s.account_id = $1 AND s.bot_handled AND r.created_at >= to_timestamp($2) AND r.created_at < to_timestamp($3) GROUP BY r.rating`,
      [accountId, window.since, window.until],
    );
    return satisfactionScore(new Map(counts.map((row) => [row.rating, row.count])));
  }
}
