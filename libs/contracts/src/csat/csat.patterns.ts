import type { ModelState } from '../reports/report.types';
import type { AccountScoped } from '../rpc/caller';
import type { CsatRatingInput, CsatReport, CsatReportQuery, CsatSurveyResponse } from './csat.types';

export const CsatPatterns = {
  /** Public: the survey's token is the authorisation. */
  rate: 'reporting.csat.rate',
  report: 'reporting.csat.report',
} as const;

export interface CsatRpc {
  [CsatPatterns.rate]: { request: { token: string; data: CsatRatingInput }; response: CsatSurveyResponse };
  [CsatPatterns.report]: { request: AccountScoped & { query: CsatReportQuery }; response: { report: CsatReport } & ModelState };
}
