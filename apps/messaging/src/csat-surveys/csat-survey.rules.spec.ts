import { csatSurveyMessage } from './csat-survey.rules';

describe('the CSAT survey message', () => {
  it('is an outgoing input_csat message from the system carrying a fresh token each time', () => {
    const first = csatSurveyMessage();
    expect(first).toMatchObject({ messageType: 'outgoing', contentType: 'input_csat', senderType: null });
    const token = first.contentAttributes!.csat_survey_token as string;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(csatSurveyMessage().contentAttributes!.csat_survey_token).not.toBe(token);
  });
});
