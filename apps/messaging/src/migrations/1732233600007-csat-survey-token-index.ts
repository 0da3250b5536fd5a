import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Survey messages found by their token (reporting asks when a rating arrives before the survey's event). */
export class CsatSurveyTokenIndex1732233600007 implements MigrationInterface {
  name = 'CsatSurveyTokenIndex1732233600007';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX messages_csat_token_idx ON messaging.messages ((content_attributes ->> 'csat_survey_token')) WHERE content_type = 'input_csat'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX messaging.messages_csat_token_idx`);
  }
}
