import { Injectable } from '@nestjs/common';
import { CSAT_CONTENT_TYPE, CSAT_TOKEN_ATTRIBUTE, type CsatSurveySent } from '@parley/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The survey message a token belongs to (tokens are unguessable uuids: the token alone identifies it). Literal predicates: the partial index's. */
@Injectable()
export class CsatSurveyLoader {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(token: string): Promise<CsatSurveySent | null> {
    const [row]: Array<CsatSurveySent & { sent_at: string }> = await this.db.query(
      `SELECT m.account_id, c.display_id AS conversation_id, m.inbox_id, c.assignee_id, extract(epoch FROM m.created_at)::bigint AS sent_at
       FROM messaging.messages m JOIN messaging.conversations c ON c.id = m.conversation_id
       WHERE m.content_type = '${CSAT_CONTENT_TYPE}' AND m.content_attributes ->> '${CSAT_TOKEN_ATTRIBUTE}' = $1`,
      [token],
    );
    return row ? { ...row, sent_at: Number(row.sent_at) } : null;
  }
}
