import { CSAT_CONTENT_TYPE, CSAT_TOKEN_ATTRIBUTE, CSAT_URL_ATTRIBUTE } from '@parley/contracts';
import { randomUUID } from 'node:crypto';
import type { NewMessage } from '../conversations/message.writer';

export const CSAT_SURVEY_TEXT = 'Please rate the conversation';

/**
 * The survey a resolve sends when the inbox asks for one: an outgoing message from the system
 * (no sender), carrying a fresh unguessable token the contact's rating is posted with, and the
 * link to the survey page on `publicUrl` (the gateway) where the contact answers.
 */
export function csatSurveyMessage(publicUrl: string, token: string = randomUUID()): NewMessage {
  return {
    content: CSAT_SURVEY_TEXT,
    messageType: 'outgoing',
    contentType: CSAT_CONTENT_TYPE,
    contentAttributes: {
      [CSAT_TOKEN_ATTRIBUTE]: token,
      [CSAT_URL_ATTRIBUTE]: `${publicUrl}/survey/responses/${token}`,
    },
    senderType: null,
  };
}
