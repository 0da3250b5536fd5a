import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { INSERT_SURVEYS, type CsatSurveyRecord } from './persistence/csat-survey.row';

export type { CsatSurveyRecord } from './persistence/csat-survey.row';

/** Records the surveys messaging sent, as the ingestion of their messages finds them. */
@Injectable()
export class CsatWriter {
  async recordSurveys(tx: EntityManager, surveys: CsatSurveyRecord[]): Promise<void> {
    if (surveys.length > 0) await tx.query(INSERT_SURVEYS, [JSON.stringify(surveys)]);
  }

  /** A deleted account's surveys and ratings. */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM reporting.csat_responses WHERE account_id = $1', [accountId]);
    await tx.query('DELETE FROM reporting.csat_surveys WHERE account_id = $1', [accountId]);
  }
}
