import type { ModelState } from '../reports/report.types';
import type { AccountScoped } from '../rpc/caller';
import type { CsatRatingInput, CsatReport, CsatReportQuery, CsatSurveyResponse, CsatSurveySent } from './csat.types';

export const CsatPatterns = {
  /** Public: the survey's token is the authorisation. */
  rate: 'reporting.csat.rate',
  report: 'reporting.csat.report',
} as const;

/** Messaging answers what it sent (read your writes: a rating may arrive before reporting saw the survey's event). */
export const CsatSurveyPatterns = {
  find: 'messaging.csat_surveys.find',
} as const;

export interface CsatRpc {
  [CsatSurveyPatterns.find]: { request: { token: string }; response: CsatSurveySent | null };
  [CsatPatterns.rate]: { request: { token: string; data: CsatRatingInput }; response: CsatSurveyResponse };
  [CsatPatterns.report]: {
    request: AccountScoped & { query: CsatReportQuery };
    response: { report: CsatReport } & ModelState;
  };
}
